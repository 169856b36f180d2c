# A batched `tl.dot`, [B, M, K] x [B, K, N], as a function or a method with
# an accumulator: the standard library's `_dot_batched` (one 2-D dot of all
# batches, its diagonal blocks kept, or one 2-D dot per batch). a = i % 7 - 3, b = i % 5 - 2, acc = 1:
# exact in fp32 (and tf32), so every element equals the sum worked out here.
# RUN: rm -rf %t && mkdir -p %t
# RUN: python3 %S/../interp/Inputs/npy_tool.py write %t/a.npy "<f4" 512 "float(i % 7 - 3)"
# RUN: python3 %S/../interp/Inputs/npy_tool.py write %t/b.npy "<f4" 512 "float(i % 5 - 2)"
# RUN: %tritonc run %s --kernel k --signature "*fp32, *fp32, *fp32, 2, 16, 16, 16" --grid 1 \
# RUN:   --arg a_ptr=%t/a.npy --arg b_ptr=%t/b.npy --arg o_ptr=zeros:512 --out o_ptr=%t/o.npy
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/o.npy | FileCheck %s
# RUN: python3 %S/../interp/Inputs/npy_tool.py write %t/want.npy "<f4" 512 "(lambda b, m, n: 1.0 + sum(((b * 256 + m * 16 + k) % 7 - 3) * ((b * 256 + k * 16 + n) % 5 - 2) for k in range(16)))(i // 256, i // 16 % 16, i % 16)"
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/want.npy > %t/want.txt
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/o.npy | diff - %t/want.txt
# Larger batches take each batch's operands out and run B 2-D dots:
# RUN: python3 %S/../interp/Inputs/npy_tool.py write %t/a4.npy "<f4" 4096 "float(i % 7 - 3)"
# RUN: python3 %S/../interp/Inputs/npy_tool.py write %t/b4.npy "<f4" 4096 "float(i % 5 - 2)"
# RUN: %tritonc run %s --kernel k --signature "*fp32, *fp32, *fp32, 4, 32, 32, 32" --grid 1 \
# RUN:   --arg a_ptr=%t/a4.npy --arg b_ptr=%t/b4.npy --arg o_ptr=zeros:4096 --out o_ptr=%t/o4.npy
# RUN: python3 %S/../interp/Inputs/npy_tool.py write %t/want4.npy "<f4" 4096 "(lambda b, m, n: 1.0 + sum(((b * 1024 + m * 32 + k) % 7 - 3) * ((b * 1024 + k * 32 + n) % 5 - 2) for k in range(32)))(i // 1024, i // 32 % 32, i % 32)"
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/want4.npy > %t/want4.txt
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/o4.npy | diff - %t/want4.txt
# RUN: %tritonc %s --kernel k --signature "*fp16, *fp16, *fp32, 4, 32, 32, 16" -o %t/d.ptx --arch sm_80
# RUN: %tritonc %s --kernel k --signature "*fp16:16, *fp16:16, *fp32:16, 16, 16, 16, 16" -o %t/d16.cubin --emit cubin --arch sm_90a
# RUN: not %tritonc %s --kernel mismatched --signature "*fp16" -o %t/m.ptx 2>&1 | FileCheck %s --check-prefix=BAD
# CHECK: 0: 0.0
# CHECK-NEXT: 1: 10.0
# CHECK: 256: {{.*}}
import triton
import triton.language as tl


@triton.jit
def k(a_ptr, b_ptr, o_ptr, B: tl.constexpr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    rb = tl.arange(0, B)[:, None, None]
    rm = tl.arange(0, M)[None, :, None]
    rn = tl.arange(0, N)[None, None, :]
    a = tl.load(a_ptr + rb * M * K + rm * K + tl.arange(0, K)[None, None, :])
    b = tl.load(b_ptr + rb * K * N + tl.arange(0, K)[None, :, None] * N + rn)
    acc = tl.full([B, M, N], 1.0, tl.float32)
    tl.store(o_ptr + rb * M * N + rm * N + rn, a.dot(b, acc))


@triton.jit
def mismatched(x_ptr):
    r = tl.arange(0, 16)
    x = tl.load(x_ptr + r[:, None, None] * 256 + r[None, :, None] * 16 + r[None, None, :])
    y = tl.load(x_ptr + r[:, None, None] * 64 + r[None, :, None] * 4 + tl.arange(0, 4)[None, None, :])
    # BAD: [[@LINE+1]]:9: error: a batched `tl.dot` multiplies [B, M, K] by [B, K, N] of one dtype, found `tensor<16x16x4xf16>` and `tensor<16x16x16xf16>` [TypeMismatch]
    z = tl.dot(y, x)
