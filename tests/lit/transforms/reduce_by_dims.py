# A reduction without an axis is lowered as Triton's is, a flattening
# reshape and one reduction. Where the assigned layout makes that reshape
# move data (here a tile read down its columns, so each thread's elements
# run along dim 0), it reduces dim by dim instead, on slices of the tile's
# layout; a row-major tile keeps the flattening, which renames registers.
# RUN: %tritonc %s --kernel k --signature "*fp32:16, *fp32:16" --emit tir-gpu -o - | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, o_ptr):
    r = tl.arange(0, 64)
    by_columns = tl.load(x_ptr + r[:, None] + r[None, :] * 64)
    # CHECK: [[C:%[0-9]+]] = load {{.*}} : tensor<64x64xf32, #blocked<{{.*}}order=[0,1]>>
    # CHECK: [[R:%[0-9]+]] = reduce [[C]] {axis = 1, kind = "sum"} : tensor<64xf32, #slice<
    # CHECK-NEXT: reduce [[R]] {axis = 0, kind = "sum"} : f32
    tl.store(o_ptr, tl.sum(by_columns))
    by_rows = tl.load(x_ptr + r[:, None] * 64 + r[None, :])
    # CHECK: [[W:%[0-9]+]] = load {{.*}} : tensor<64x64xf32, #blocked<{{.*}}order=[1,0]>>
    # CHECK: [[F:%[0-9]+]] = reshape [[W]] : tensor<4096xf32
    # CHECK-NEXT: reduce [[F]] {axis = 0, kind = "max"} : f32
    tl.store(o_ptr + 1, tl.max(by_rows))
