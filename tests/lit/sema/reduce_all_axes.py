# A reduction without an axis flattens its input and reduces it once, as
# Triton does, except where the input comes from a dot (also through a
# loop's yield): the MMA accumulator has no flattening that renames
# registers, so it reduces dim by dim, innermost first.
# RUN: %tritonc %s --kernel k --signature "*fp16:16, *fp32:16" --emit tir --passes= -o - | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, o_ptr):
    r = tl.arange(0, 64)
    x = tl.load(x_ptr + r[:, None] * 64 + r[None, :])
    # CHECK: [[F:%[0-9]+]] = reshape {{%[0-9]+}} : tensor<4096xf32>
    # CHECK-NEXT: reduce [[F]] {axis = 0, kind = "sum"} : f32
    tl.store(o_ptr, tl.sum(x.to(tl.float32)))
    acc = tl.zeros([64, 64], dtype=tl.float32)
    for i in range(2):
        acc += tl.dot(x, x)
    # CHECK: [[R:%[0-9]+]] = reduce {{%[0-9]+}} {axis = 1, kind = "max"} : tensor<64xf32>
    # CHECK-NEXT: reduce [[R]] {axis = 0, kind = "max"} : f32
    tl.store(o_ptr + 1, tl.max(acc * 2.0))
