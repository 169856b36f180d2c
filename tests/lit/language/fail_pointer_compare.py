# Triton compares no pointers: a pointer beside an integer tile is a type
# error, not a comparison of addresses.
# RUN: not %tritonc %s -o %t.ptx --signature "*i32, *i32" 2>&1 | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, o_ptr):
    offs = tl.arange(0, 16)
    # CHECK: [[@LINE+1]]:14: error: `<` cannot compare {{.*}}; Triton compares no pointers, compare their offsets [TypeMismatch]
    inside = x_ptr + offs < tl.load(x_ptr + offs)
    tl.store(o_ptr + offs, inside.to(tl.int32))
