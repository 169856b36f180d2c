# `tl.dot_scaled` as Triton emulates it without microscaled MMA: operands
# widened to bf16, each group of 32 along K scaled by its e8m0 byte, one
# fp32-accumulated dot. The interpreter's values are checked against an
# exact reference (Inputs/microscaled.py) for e2m1 x e4m3 and e5m2 x e2m1;
# left scale 5 (row 2, second group) is 0xFF, so row 2 is NaN.
# RUN: rm -rf %t && mkdir -p %t
# RUN: python3 %S/Inputs/microscaled.py write %t 16 32 64 e2m1 e4m3
# RUN: %tritonc run %s --kernel mx --signature "*u8, *u8, *u8, *u8, *fp32, 16, 32, 64, 'e2m1', 'e4m3'" --grid 1 \
# RUN:   --arg a_ptr=%t/a.npy --arg as_ptr=%t/as.npy --arg b_ptr=%t/b.npy --arg bs_ptr=%t/bs.npy \
# RUN:   --arg o_ptr=zeros:512 --out o_ptr=%t/o.npy
# RUN: python3 %S/Inputs/microscaled.py check %t %t/o.npy 16 32 64 e2m1 e4m3 | FileCheck %s
# RUN: python3 %S/Inputs/microscaled.py write %t 16 32 64 e5m2 e2m1
# RUN: %tritonc run %s --kernel mx --signature "*u8, *u8, *u8, *u8, *fp32, 16, 32, 64, 'e5m2', 'e2m1'" --grid 1 \
# RUN:   --arg a_ptr=%t/a.npy --arg as_ptr=%t/as.npy --arg b_ptr=%t/b.npy --arg bs_ptr=%t/bs.npy \
# RUN:   --arg o_ptr=zeros:512 --out o_ptr=%t/o.npy
# RUN: python3 %S/Inputs/microscaled.py check %t %t/o.npy 16 32 64 e5m2 e2m1 | FileCheck %s
# RUN: %tritonc %s --kernel mx --signature "*u8:16, *u8:16, *u8:16, *u8:16, *fp32:16, 64, 64, 128, 'e2m1', 'e4m3'" \
# RUN:   --arch sm_90a -o %t/mx.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t/mx.ptx
# RUN: not %tritonc %s --kernel mx --signature "*u8, *u8, *u8, *u8, *fp32, 16, 32, 64, 'e2m1', 'e4m3'" \
# RUN:   --arch sm_80 -o %t/m80.ptx 2>&1 | FileCheck %s --check-prefix=SM80
# RUN: not %tritonc %s --kernel mx --signature "*u8, *u8, *u8, *u8, *fp32, 16, 32, 64, 'e3m4', 'e2m1'" \
# RUN:   -o %t/bad.ptx 2>&1 | FileCheck %s --check-prefix=BAD
# RUN: python3 %S/../interp/Inputs/npy_tool.py write %t/ba.npy "|u1" 2048 "(i * 37 + 11) % 256"
# RUN: python3 %S/../interp/Inputs/npy_tool.py write %t/bb.npy "|u1" 4096 "(i * 29 % 126) | (128 if i % 3 == 0 else 0)"
# RUN: python3 %S/../interp/Inputs/npy_tool.py write %t/bsa.npy "|u1" 128 "120 + i % 14"
# RUN: python3 %S/../interp/Inputs/npy_tool.py write %t/bsb.npy "|u1" 128 "121 + i * 5 % 11"
# RUN: %tritonc run %s --kernel batched --signature "*u8, *u8, *u8, *u8, *fp32, *fp32, 2, 16, 32, 64" --grid 1 \
# RUN:   --arg a_ptr=%t/ba.npy --arg as_ptr=%t/bsa.npy --arg b_ptr=%t/bb.npy --arg bs_ptr=%t/bsb.npy \
# RUN:   --arg o3_ptr=zeros:1024 --arg o2_ptr=zeros:1024 --out o3_ptr=%t/o3.npy --out o2_ptr=%t/o2.npy
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/o3.npy > %t/o3.txt
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/o2.npy | diff - %t/o3.txt
# RUN: FileCheck %s --check-prefix=BATCHED < %t/o3.txt
# RUN: %tritonc %s --kernel batched --signature "*u8:16, *u8:16, *u8:16, *u8:16, *fp32:16, *fp32:16, 2, 16, 32, 64" \
# RUN:   --arch sm_90a -o %t/batched.ptx
# BATCHED: 1023: {{-?[0-9]}}
# CHECK: row 1: ok
# CHECK-NEXT: row 2: nan
# CHECK-NEXT: row 3: ok
# CHECK: row 15: ok
# CHECK-NEXT: 0 wrong
# PTX: {{wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16|mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32}}
# SM80: error: fp8 conversions need sm_89 or newer
# BAD: error: static assertion failed: `dot_scaled` formats are e2m1, e4m3, e5m2, bf16 and fp16
import triton
import triton.language as tl


@triton.jit
def mx(a_ptr, as_ptr, b_ptr, bs_ptr, o_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr,
       FA: tl.constexpr, FB: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    PA: tl.constexpr = 2 if FA == "e2m1" else 1
    PB: tl.constexpr = 2 if FB == "e2m1" else 1
    a = tl.load(a_ptr + rm[:, None] * (K // PA) + tl.arange(0, K // PA)[None, :])
    b = tl.load(b_ptr + tl.arange(0, K // PB)[:, None] * N + rn[None, :])
    sa = tl.load(as_ptr + rm[:, None] * (K // 32) + tl.arange(0, K // 32)[None, :])
    sb = tl.load(bs_ptr + rn[:, None] * (K // 32) + tl.arange(0, K // 32)[None, :])
    tl.store(o_ptr + rm[:, None] * N + rn[None, :], tl.dot_scaled(a, sa, FA, b, sb, FB))


# Batched: [B, M, K/2] e2m1 x [B, K, N] e4m3 with [B, M, K/32] and
# [B, N, K/32] scales, against the same batches multiplied one by one.
@triton.jit
def batched(a_ptr, as_ptr, b_ptr, bs_ptr, o3_ptr, o2_ptr, B: tl.constexpr, M: tl.constexpr, N: tl.constexpr,
            K: tl.constexpr):
    rb = tl.arange(0, B)[:, None, None]
    rm = tl.arange(0, M)[None, :, None]
    rn = tl.arange(0, N)[None, None, :]
    rk2 = tl.arange(0, K // 2)
    rk = tl.arange(0, K)
    rg = tl.arange(0, K // 32)
    a = tl.load(a_ptr + rb * (M * K // 2) + rm * (K // 2) + rk2[None, None, :])
    b = tl.load(b_ptr + rb * (K * N) + rk[None, :, None] * N + rn)
    sa = tl.load(as_ptr + rb * (M * K // 32) + rm * (K // 32) + rg[None, None, :])
    sb = tl.load(bs_ptr + rb * (N * K // 32) + tl.arange(0, N)[None, :, None] * (K // 32) + rg[None, None, :])
    tl.store(o3_ptr + rb * (M * N) + rm * N + rn, tl.dot_scaled(a, sa, "e2m1", b, sb, "e4m3"))
    for i in tl.static_range(B):
        a2 = tl.load(a_ptr + i * (M * K // 2) + tl.arange(0, M)[:, None] * (K // 2) + rk2[None, :])
        b2 = tl.load(b_ptr + i * (K * N) + rk[:, None] * N + tl.arange(0, N)[None, :])
        sa2 = tl.load(as_ptr + i * (M * K // 32) + tl.arange(0, M)[:, None] * (K // 32) + rg[None, :])
        sb2 = tl.load(bs_ptr + i * (N * K // 32) + tl.arange(0, N)[:, None] * (K // 32) + rg[None, :])
        tl.store(o2_ptr + i * (M * N) + tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :],
                 tl.dot_scaled(a2, sa2, "e2m1", b2, sb2, "e4m3"))
