# tl.gather reads the source through shared memory; the interpreter gives
# its values: x = 0..15 as a 4x4 tile, so along axis 0 element (r, c) is
# 4 * idx + c, along axis 1 it is 4 * r + idx. tl.inline_asm_elementwise
# puts the user's PTX in place, packing four bytes per register for pack=4.
# The kernels are the GPU check's (tests/gpu/lang/kernels/gather_asm.py).
# RUN: rm -rf %t && mkdir -p %t
# RUN: python3 %S/../interp/Inputs/npy_tool.py write %t/x.npy "<f4" 16 "float(i)"
# RUN: python3 %S/../interp/Inputs/npy_tool.py write %t/i.npy "<i4" 16 "[3, 2, 1, 0, 0, 0, 1, 1, 2, 3, 0, 1, 3, 3, 3, 3][i]"
# RUN: %tritonc run %S/../../gpu/lang/kernels/gather_asm.py --kernel gather_2d --signature "*fp32, *i32, *fp32, 4, 4, 0" --grid 1 \
# RUN:   --arg x_ptr=%t/x.npy --arg i_ptr=%t/i.npy --arg o_ptr=zeros:16 --out o_ptr=%t/g0.npy
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/g0.npy | FileCheck %s --check-prefix=AXIS0
# RUN: %tritonc run %S/../../gpu/lang/kernels/gather_asm.py --kernel gather_2d --signature "*fp32, *i32, *fp32, 4, 4, 1" --grid 1 \
# RUN:   --arg x_ptr=%t/x.npy --arg i_ptr=%t/i.npy --arg o_ptr=zeros:16 --out o_ptr=%t/g1.npy
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/g1.npy | FileCheck %s --check-prefix=AXIS1
# RUN: %tritonc %S/../../gpu/lang/kernels/gather_asm.py --kernel gather_2d --signature "*fp16, *i64, *fp16, 64, 32, 1" -o %t/g.ptx --arch sm_80
# RUN: %tritonc %S/../../gpu/lang/kernels/gather_asm.py --kernel asm_elementwise --signature "*fp32, *fp32, *fp32, *u8, 1024" -o %t/asm.ptx
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
