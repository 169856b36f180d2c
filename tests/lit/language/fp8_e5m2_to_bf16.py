# e5m2 widened to bf16 follows Triton, which moves the exponent field and
# rescales: infinities and NaN (exponent all ones) become (1 + m/4) * 2^16
# with their sign; every other value converts exactly. Widened to fp16 or
# fp32 they stay infinities and NaN. Inputs: 0x7C (+inf), 0xFD (NaN, m=1,
# negative), 0x7F (NaN, m=3), 0x3C (1.0), 0x01 (2^-16), 0x80 (-0.0).
# RUN: rm -rf %t && mkdir -p %t
# RUN: python3 %S/../interp/Inputs/npy_tool.py write %t/x.npy "|u1" 8 "[0x7C, 0xFD, 0x7F, 0x3C, 0x01, 0x80, 0x7B, 0xFB][i]"
# RUN: %tritonc run %s --kernel widen --signature "*u8, *bf16, *fp32" --grid 1 --arg x_ptr=%t/x.npy \
# RUN:   --arg b_ptr=zeros:8 --arg f_ptr=zeros:8 --out b_ptr=%t/b.npy --out f_ptr=%t/f.npy
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/b.npy | FileCheck %s --check-prefix=BF16
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/f.npy | FileCheck %s --check-prefix=F32
# RUN: %tritonc %s --kernel widen --signature "*u8:16, *bf16:16, *fp32:16" --arch sm_90a -o %t/w.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t/w.ptx
# bf16 bits: 0x4780 = 2^16, 0xC7A0 = -1.25 * 2^16, 0x47E0 = 1.75 * 2^16,
# 0x3F80 = 1.0, 0x3780 = 2^-16, 0x8000 = -0.0, 0x4760 / 0xC760 = +-57344.
# BF16: 0: 18304
# BF16-NEXT: 1: 51104
# BF16-NEXT: 2: 18400
# BF16-NEXT: 3: 16256
# BF16-NEXT: 4: 14208
# BF16-NEXT: 5: 32768
# BF16-NEXT: 6: 18272
# BF16-NEXT: 7: 51040
# F32: 0: inf
# F32-NEXT: 1: nan
# F32-NEXT: 2: nan
# F32-NEXT: 3: 1.0
# PTX: cvt.rn.f16x2.e5m2x2
# PTX: selp.b16
import triton
import triton.language as tl


@triton.jit
def widen(x_ptr, b_ptr, f_ptr):
    r = tl.arange(0, 8)
    x = tl.load(x_ptr + r).to(tl.float8e5, bitcast=True)
    tl.store(b_ptr + r, x.to(tl.bfloat16))
    tl.store(f_ptr + r, x.to(tl.float32))
