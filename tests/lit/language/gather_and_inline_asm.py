# tl.gather reads the source through shared memory; the interpreter gives
# its values: x = 0..15 as a 4x4 tile, so along axis 0 element (r, c) is
# 4 * idx + c, along axis 1 it is 4 * r + idx. tl.inline_asm_elementwise
# puts the user's PTX in place, packing four bytes per register for pack=4.
# RUN: rm -rf %t && mkdir -p %t
# RUN: python3 %S/../interp/Inputs/npy_tool.py write %t/x.npy "<f4" 16 "float(i)"
# RUN: python3 %S/../interp/Inputs/npy_tool.py write %t/i.npy "<i4" 16 "[3, 2, 1, 0, 0, 0, 1, 1, 2, 3, 0, 1, 3, 3, 3, 3][i]"
# RUN: %tritonc run %s --kernel gather_2d --signature "*fp32, *i32, *fp32, 4, 4, 0" --grid 1 \
# RUN:   --arg x_ptr=%t/x.npy --arg i_ptr=%t/i.npy --arg o_ptr=zeros:16 --out o_ptr=%t/g0.npy
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/g0.npy | FileCheck %s --check-prefix=AXIS0
# RUN: %tritonc run %s --kernel gather_2d --signature "*fp32, *i32, *fp32, 4, 4, 1" --grid 1 \
# RUN:   --arg x_ptr=%t/x.npy --arg i_ptr=%t/i.npy --arg o_ptr=zeros:16 --out o_ptr=%t/g1.npy
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/g1.npy | FileCheck %s --check-prefix=AXIS1
# RUN: %tritonc %s --kernel gather_2d --signature "*fp16, *i64, *fp16, 64, 32, 1" -o %t/g.ptx --arch sm_80
# RUN: %tritonc %s --kernel asm_elementwise --signature "*fp32, *fp32, *fp32, *u8, 1024" -o %t/asm.ptx
# RUN: FileCheck %s --check-prefix=ASM < %t/asm.ptx
# AXIS0: 0: 12.0
# AXIS0-NEXT: 1: 9.0
# AXIS0-NEXT: 2: 6.0
# AXIS0-NEXT: 3: 3.0
# AXIS1: 4: 4.0
# AXIS1-NEXT: 5: 4.0
# AXIS1-NEXT: 6: 5.0
# AXIS1-NEXT: 7: 5.0
# ASM: max.f32 {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}};
# ASM: add.u32 {{%r[0-9]+}}, {{%r[0-9]+}}, 0x01010101;
import triton
import triton.language as tl


@triton.jit
def gather_2d(x_ptr, i_ptr, o_ptr, M: tl.constexpr, N: tl.constexpr, AXIS: tl.constexpr):
    rm = tl.arange(0, M)[:, None]
    rn = tl.arange(0, N)[None, :]
    x = tl.load(x_ptr + rm * N + rn)
    idx = tl.load(i_ptr + rm * N + rn)
    tl.store(o_ptr + rm * N + rn, tl.gather(x, idx, AXIS))


@triton.jit
def asm_elementwise(x_ptr, y_ptr, o_ptr, b_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    z = tl.inline_asm_elementwise("max.f32 $0, $1, $2;", "=r,r,r", [x, y], dtype=tl.float32, is_pure=True, pack=1)
    tl.store(o_ptr + offs, z)
    b = tl.load(b_ptr + offs)
    c = tl.inline_asm_elementwise("add.u32 $0, $1, 0x01010101;", "=r,r", [b], dtype=tl.uint8, is_pure=True, pack=4)
    tl.store(b_ptr + offs, c)
