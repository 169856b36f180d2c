# Values Triton defines for operands of mixed signedness and kind.
# x (int8) = -128, -1, -64, 100, 5, -7, 0, 127; y (uint8) = i % 8.
# `x >> y` promotes to uint8 but shifts arithmetically, because the left
# operand was signed: -128 (0x80) >> 0 = 128, -1 >> 1 = 255, -64 >> 2 = 240.
# `tl.abs` of uint8 is the value itself. `x % f` with f fp16 computes in
# fp32 as C's fmod, with the sign of the dividend: -7 % 2.5 = -2.
# RUN: rm -rf %t && mkdir -p %t
# RUN: python3 %S/Inputs/npy_tool.py write %t/x.npy "|i1" 8 "[-128, -1, -64, 100, 5, -7, 0, 127][i]"
# RUN: python3 %S/Inputs/npy_tool.py write %t/y.npy "|u1" 8 "i % 8"
# RUN: python3 %S/Inputs/npy_tool.py write %t/f.npy "<f2" 8 "2.5"
# RUN: %tritonc run %s --signature "*i8, *u8, *fp16, *u8, *u8, *fp32" --grid 1 \
# RUN:   --arg x_ptr=%t/x.npy --arg y_ptr=%t/y.npy --arg f_ptr=%t/f.npy --arg shr_ptr=zeros:8 \
# RUN:   --arg abs_ptr=zeros:8 --arg mod_ptr=zeros:8 \
# RUN:   --out shr_ptr=%t/shr.npy --out abs_ptr=%t/abs.npy --out mod_ptr=%t/mod.npy
# RUN: python3 %S/Inputs/npy_tool.py print %t/shr.npy | FileCheck --check-prefix=SHR %s
# RUN: python3 %S/Inputs/npy_tool.py print %t/abs.npy | FileCheck --check-prefix=ABS %s
# RUN: python3 %S/Inputs/npy_tool.py print %t/mod.npy | FileCheck --check-prefix=MOD %s
# RUN: %tritonc %s --signature "*i8, *u8, *fp16, *u8, *u8, *fp32" --emit tir -o - | FileCheck --check-prefix=TIR %s
# SHR: 0: 128
# SHR-NEXT: 1: 255
# SHR-NEXT: 2: 240
# SHR-NEXT: 3: 12
# SHR-NEXT: 4: 0
# SHR-NEXT: 5: 255
# SHR-NEXT: 6: 0
# SHR-NEXT: 7: 0
# ABS: 0: 128
# ABS-NEXT: 1: 255
# ABS-NEXT: 2: 192
# ABS-NEXT: 3: 100
# MOD: 0: -0.5
# MOD-NEXT: 1: -1.0
# MOD-NEXT: 2: -1.5
# MOD-NEXT: 3: 0.0
# MOD-NEXT: 4: 0.0
# MOD-NEXT: 5: -2.0
# MOD-NEXT: 6: 0.0
# MOD-NEXT: 7: 2.0
# TIR: shrsi {{.*}} : tensor<8xu8>
# TIR-NOT: absi
# TIR: remf {{.*}} : tensor<8xf32>
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr, f_ptr, shr_ptr, abs_ptr, mod_ptr):
    offs = tl.arange(0, 8)
    x = tl.load(x_ptr + offs)
    tl.store(shr_ptr + offs, x >> tl.load(y_ptr + offs))
    tl.store(abs_ptr + offs, tl.abs(x.to(tl.uint8)))
    tl.store(mod_ptr + offs, x % tl.load(f_ptr + offs))
