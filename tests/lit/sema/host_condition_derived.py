# A module-level value computed from a name bound under a condition only
# Python decides (`HALF = BLOCK // 2`), and a name bound under a constant
# condition that reads it (`if BLOCK > 64:`), rest on the same assumed
# branch: a kernel using only them warns about that branch, and with its
# condition's name given the values follow it, silently.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %tritonc run %s --kernel fill --signature "*i32" --grid 1 --arg o_ptr=zeros:4 --out o_ptr=%t/assumed.npy 2>&1 | FileCheck %s --check-prefix=WARN
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/assumed.npy | FileCheck %s --check-prefix=ASSUMED
# RUN: %tritonc run %s --kernel fill --signature "*i32" --grid 1 --arg o_ptr=zeros:4 --out o_ptr=%t/given.npy --host-value IS_HOPPER=False 2>&1 | count 0
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/given.npy | FileCheck %s --check-prefix=GIVEN
# WARN: host_condition_derived.py:[[# @LINE + 15]]:4: warning: `BLOCK` is bound under this condition, which only Python decides; tritonc took the `if` branch; give `IS_HOPPER` with `--host-value` to decide it [HostCondition]
# ASSUMED: 0: 64
# ASSUMED: 1: 2
# ASSUMED: 2: 129
# ASSUMED: 3: 0
# GIVEN: 0: 32
# GIVEN: 1: 1
# GIVEN: 2: 65
# GIVEN: 3: 1
import torch
import triton
import triton.language as tl

IS_HOPPER = torch.cuda.get_device_capability()[0] == 9

if IS_HOPPER:
    BLOCK = 128
else:
    BLOCK = 64
HALF = BLOCK // 2
PLUS_ONE = HALF * 2 + 1
if BLOCK > 64:
    STAGES = 2
else:
    STAGES = 1
# Rebound only by the branch the assumption leaves untaken.
WIDE = False
if BLOCK < 100:
    WIDE = True


@triton.jit
def fill(o_ptr):
    tl.store(o_ptr, HALF)
    tl.store(o_ptr + 1, STAGES)
    tl.store(o_ptr + 2, PLUS_ONE)
    tl.store(o_ptr + 3, WIDE)
