# RUN: not %tritonc %s -o %t.ptx --signature "*fp32, i32" 2>&1 | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, n):
    acc = 0
    # CHECK: [[@LINE+3]]:5: error: `acc` changes type inside the loop, from `i32` to `tensor<16xi32>`; give it its final type before the loop [LoopCarriedTypeChange]
    # CHECK-NEXT: for i in range(n):
    # CHECK-NEXT: {{^ +\| +}}^~~~~~~~~~~~~~~~~~{{$}}
    for i in range(n):
        acc = tl.arange(0, 16)
    name = "a"
    # CHECK: [[@LINE+1]]:5: error: `name` changes type inside the loop, from the constant `'a'` to a run-time value; give it its final type before the loop [LoopCarriedTypeChange]
    while n > 0:
        name = 1
