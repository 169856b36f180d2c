# A module-level value computed from two names, each bound under its own
# condition only Python decides (`BOTH = BLOCK + STAGES`), rests on both
# assumed branches: a kernel using only it warns about each, and with both
# conditions' names given it follows them, silently.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %tritonc run %s --kernel fill --signature "*i32" --grid 1 --arg o_ptr=zeros:1 --out o_ptr=%t/assumed.npy 2>&1 | FileCheck %s --check-prefix=WARN
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/assumed.npy | FileCheck %s --check-prefix=ASSUMED
# RUN: %tritonc run %s --kernel fill --signature "*i32" --grid 1 --arg o_ptr=zeros:1 --out o_ptr=%t/given.npy --host-value IS_HOPPER=False --host-value HAS_TMA=False 2>&1 | count 0
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/given.npy | FileCheck %s --check-prefix=GIVEN
# WARN-DAG: host_condition_two_names.py:[[# @LINE + 11]]:4: warning: `BLOCK` is bound under this condition, which only Python decides; tritonc took the `if` branch; give `IS_HOPPER` with `--host-value` to decide it [HostCondition]
# WARN-DAG: host_condition_two_names.py:[[# @LINE + 14]]:4: warning: `STAGES` is bound under this condition, which only Python decides; tritonc took the `if` branch; give `HAS_TMA` with `--host-value` to decide it [HostCondition]
# ASSUMED: 0: 131
# GIVEN: 0: 65
import torch
import triton
import triton.language as tl

IS_HOPPER = torch.cuda.get_device_capability()[0] == 9
HAS_TMA = torch.cuda.get_device_capability()[0] >= 9

if IS_HOPPER:
    BLOCK = 128
else:
    BLOCK = 64
if HAS_TMA:
    STAGES = 3
else:
    STAGES = 1
BOTH = BLOCK + STAGES


@triton.jit
def fill(o_ptr):
    tl.store(o_ptr, BOTH)
