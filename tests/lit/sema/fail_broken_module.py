# A module that a kernel imports and uses must parse: its syntax errors
# are reported in its own file, once.
# RUN: not %tritonc %s -I %S/Inputs -o %t.ptx --signature "*fp32" 2>&1 | FileCheck %s
import triton
import triton.language as tl
from broken_mod import broken


@triton.jit
def kernel(x_ptr):
    # CHECK: {{.*}}broken_mod.py:6:15: error: expected an expression, found end of line [ExpectedExpression]
    # CHECK-NEXT: return x +
    tl.store(x_ptr, broken(tl.load(x_ptr)))
# CHECK-NOT: error:
