# `tritonc run` on a kernel taking tensor descriptors made on the host
# (`tensordesc<fp32[2, 8]>`): each arrives as its base, shape and row
# stride, passed by those names. x holds 0..23 as 3 rows 8 apart; the
# descriptor says 2 rows of 6, so the tile at row 1 reads row 1's first six
# elements and zero beyond the shape (the next row and the columns past 6).
# `shape` and `strides` read the descriptor's own fields: 2 + 6 + 8 + 1.
# RUN: rm -rf %t && mkdir -p %t
# RUN: python3 %S/Inputs/npy_tool.py write %t/x.npy "<f4" 24 "i"
# RUN: %tritonc run %s --signature "tensordesc<fp32[2, 8]>, *fp32" --grid 1 \
# RUN:   --arg x_desc_base=%t/x.npy --arg x_desc_shape0=2 --arg x_desc_shape1=6 --arg x_desc_stride0=8 \
# RUN:   --arg out_ptr=zeros:17 --out out_ptr=%t/out.npy
# RUN: python3 %S/Inputs/npy_tool.py print %t/out.npy | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def k(x_desc, out_ptr):
    tile = x_desc.load([1, 0])
    offs = tl.arange(0, 2)[:, None] * 8 + tl.arange(0, 8)[None, :]
    tl.store(out_ptr + offs, tile)
    total = x_desc.shape[0] + x_desc.shape[1] + x_desc.strides[0].to(tl.int32) + x_desc.strides[1]
    tl.store(out_ptr + 16, total.to(tl.float32))

# CHECK: shape (17,) dtype <f4
# CHECK-NEXT: 0: 8
# CHECK-NEXT: 1: 9
# CHECK-NEXT: 2: 10
# CHECK-NEXT: 3: 11
# CHECK-NEXT: 4: 12
# CHECK-NEXT: 5: 13
# CHECK-NEXT: 6: 0
# CHECK-NEXT: 7: 0
# CHECK-NEXT: 8: 0
# CHECK-NEXT: 9: 0
# CHECK-NEXT: 10: 0
# CHECK-NEXT: 11: 0
# CHECK-NEXT: 12: 0
# CHECK-NEXT: 13: 0
# CHECK-NEXT: 14: 0
# CHECK-NEXT: 15: 0
# CHECK-NEXT: 16: 17
