# `tritonc run` reports an unmasked out-of-bounds load at the load, naming
# the program, the element and the buffer.
# RUN: rm -rf %t && mkdir -p %t
# RUN: python3 %S/Inputs/npy_tool.py write %t/x.npy "<f4" 100 "i"
# RUN: not %tritonc run %s --signature "*fp32, *fp32, 64" --grid 2 --arg x_ptr=%t/x.npy --arg y_ptr=zeros:100 2>&1 \
# RUN:   | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def copy(x_ptr, y_ptr, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    # CHECK: fail_out_of_bounds.py:[[@LINE+3]]:9: error: load out of bounds in program (1, 0, 0): element 36 reads byte offset 400 of `x_ptr`, which has 400 bytes [KernelFault]
    # CHECK-NEXT: x = tl.load(x_ptr + offsets)
    # CHECK-NEXT: ^~~~
    x = tl.load(x_ptr + offsets)
    tl.store(y_ptr + offsets, x)
