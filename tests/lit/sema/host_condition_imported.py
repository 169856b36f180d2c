# A name imported from a module that binds it under a condition only Python
# decides warns where a kernel reads it, even after a module constant of
# the importing module (`HALF`) read it first while tritonc declared the
# module.
# RUN: %tritonc %s -I %S/Inputs --kernel first --signature "*i32" -o %t.ptx 2>&1 | FileCheck %s
# CHECK: assumed_block.py:5:4: warning: `BLOCK` is bound under this condition, which only Python decides; tritonc took the `if` branch; give the module-level name it reads {{.*}} [HostCondition]
import triton
import triton.language as tl
from assumed_block import BLOCK

HALF = BLOCK // 2


@triton.jit
def first(o_ptr):
    tl.store(o_ptr + tl.arange(0, BLOCK), tl.arange(0, BLOCK))
