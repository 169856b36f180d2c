# RUN: not %tritonc %s -o %t.ptx --signature "*fp32" 2>&1 | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def k(x_ptr):
    offs = tl.arange(0, 16)
    # CHECK: [[@LINE+1]]:8: error: the condition of an `if` must be a scalar; found `tensor<16xi1>` [ConditionNotScalar]
    if offs > 3:
        tl.store(x_ptr + offs, 1.0)
    # CHECK: [[@LINE+1]]:11: error: the condition of a run-time `while` must be a scalar; found `tensor<16xi1>` [ConditionNotScalar]
    while offs > 3:
        offs = offs - 1
