# A module-level name bound under a condition only Python decides (a
# device or version check) has one value per branch. tritonc takes the
# `if` branch and warns, naming what to give; with the condition's names
# given by `--host-value` the branch is the one Python takes, silently.
# A switch read from the environment (`os.environ.get`, `os.getenv`) is
# read from tritonc's, as the importing process would.
# RUN: rm -rf %t && mkdir -p %t
# RUN: python3 %S/../interp/Inputs/npy_tool.py write %t/x.npy "<f4" 4 "float(i)"
# RUN: %tritonc run %s --kernel scale --signature "*fp32, *fp32" --grid 1 --arg x_ptr=%t/x.npy --arg o_ptr=zeros:4 --out o_ptr=%t/assumed.npy 2>&1 | FileCheck %s --check-prefix=WARN
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/assumed.npy | FileCheck %s --check-prefix=ASSUMED
# RUN: %tritonc run %s --kernel scale --signature "*fp32, *fp32" --grid 1 --arg x_ptr=%t/x.npy --arg o_ptr=zeros:4 --out o_ptr=%t/given.npy --host-value IS_NEW_GPU=False --host-value MAJOR=9 2>&1 | count 0
# RUN: env TRITONC_LIT_OFFSET=1 %tritonc run %s --kernel scale --signature "*fp32, *fp32" --grid 1 --arg x_ptr=%t/x.npy --arg o_ptr=zeros:4 --out o_ptr=%t/env.npy --host-value IS_NEW_GPU=False --host-value MAJOR=9
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/env.npy | FileCheck %s --check-prefix=ENV
# A branch bound by host code, an `elif` chain and two helpers of one name
# with different bodies are assumptions too.
# RUN: %tritonc %s --kernel more --signature "*fp32" -o %t/more.ptx 2>&1 | FileCheck %s --check-prefix=MORE
# MORE-DAG: warning: `LIMIT` is bound under this condition, which only Python decides; tritonc took the `else` branch; give `IS_NEW_GPU` with `--host-value` to decide it [HostCondition]
# MORE-DAG: warning: `WIDTH` is bound under this condition, which only Python decides; tritonc took the `if` branch; give `IS_NEW_GPU` with `--host-value` to decide it [HostCondition]
# MORE-DAG: warning: `helper` is bound under this condition, which only Python decides; tritonc took the `if` branch; give `IS_NEW_GPU` with `--host-value` to decide it [HostCondition]
# Given the outer condition, the `elif` is the next assumption, and names
# what decides it.
# RUN: %tritonc %s --kernel more --signature "*fp32" -o %t/more2.ptx --host-value IS_NEW_GPU=False 2>&1 | FileCheck %s --check-prefix=ELIF
# ELIF: warning: `WIDTH` is bound under this condition, which only Python decides; tritonc took the `if` branch; give `MAJOR` with `--host-value` to decide it [HostCondition]
# The metadata lists what was read (`or` stops early, as in Python), unset
# variables as null.
# RUN: env TRITONC_LIT_OFFSET=1 %tritonc %s --kernel scale --signature "*fp32, *fp32" -o %t/k.ptx --host-value IS_NEW_GPU=False --host-value MAJOR=9
# RUN: FileCheck %s --check-prefix=META < %t/k.json
# RUN: env -u TRITONC_LIT_OFFSET %tritonc %s --kernel scale --signature "*fp32, *fp32" -o %t/unset.ptx --host-value IS_NEW_GPU=False --host-value MAJOR=9
# RUN: FileCheck %s --check-prefix=UNSET < %t/unset.json
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/given.npy | FileCheck %s --check-prefix=GIVEN
# WARN: host_condition.py:[[# @LINE + 24]]:4: warning: `SCALE` is bound under this condition, which only Python decides; tritonc took the `if` branch; give `IS_NEW_GPU`, `MAJOR` with `--host-value` to decide it [HostCondition]
# ASSUMED: 3: 6.0
# GIVEN: 3: 9.0
# ENV: 3: 109.0
# META: "environment": {
# META-NEXT: "TRITONC_LIT_OFFSET": "1"
# META-NEXT: }
# UNSET: "environment": {
# UNSET-NEXT: "TRITONC_LIT_OFFSET": null,
# UNSET-NEXT: "TRITONC_LIT_OTHER": null
# UNSET-NEXT: }
import os

import torch
import triton
import triton.language as tl

IS_NEW_GPU = torch.cuda.get_device_capability()[0] >= 10
MAJOR = torch.cuda.get_device_capability()[0]

# Read by no kernel: no warning for it.
if IS_NEW_GPU:
    UNUSED = 1

if IS_NEW_GPU or MAJOR > 12:
    SCALE = 2.0
else:
    SCALE = 3.0

if os.environ.get("TRITONC_LIT_OFFSET", "0") == "1" or os.getenv("TRITONC_LIT_OTHER") is not None:
    OFFSET = 100.0
else:
    OFFSET = 0.0


if IS_NEW_GPU:
    LIMIT = torch.cuda.device_count()
else:
    LIMIT = 4

if IS_NEW_GPU:
    WIDTH = 8
elif MAJOR >= 9:
    WIDTH = 16
else:
    WIDTH = 32

if IS_NEW_GPU:
    @triton.jit
    def helper(x):
        return x * 2
else:
    @triton.jit
    def helper(x):
        return x + 2


@triton.jit
def more(o_ptr):
    offs = tl.arange(0, WIDTH)
    tl.store(o_ptr + offs, helper(offs.to(tl.float32)) + LIMIT)


@triton.jit
def scale(x_ptr, o_ptr):
    offs = tl.arange(0, 4)
    tl.store(o_ptr + offs, tl.load(x_ptr + offs) * SCALE + OFFSET)
