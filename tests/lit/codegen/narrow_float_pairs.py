# fp32 values rounded to fp16 or bf16 go two at a time, as Triton's PTX
# does: `cvt.rn.f16x2.f32` / `cvt.rn.bf16x2.f32` round a pair of a
# thread's elements in one instruction, and the pair stays one 32-bit
# register on its way to a vector store. LLVM pairs them by itself only
# where it sees the pair stored together; a loop's mma.sync accumulators
# (sm_80) were rounded one by one before. A thread with a single element rounds it alone.
# RUN: %tritonc %s --kernel halve -o %t.ptx --signature "*fp32:16, *fp16:16, *bf16:16, 1024" --num-warps 4
# RUN: FileCheck %s --check-prefix=PAIRS --implicit-check-not=cvt.rn.f16.f32 --implicit-check-not=cvt.rn.bf16.f32 < %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}
# RUN: %tritonc %s --kernel halve -o %t.sm80.ptx --arch sm_80 --signature "*fp32:16, *fp16:16, *bf16:16, 1024" --num-warps 4
# RUN: FileCheck %s --check-prefix=PAIRS --implicit-check-not=cvt.rn.f16.f32 --implicit-check-not=cvt.rn.bf16.f32 < %t.sm80.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.sm80.ptx -o %t.sm80.cubin %}
# RUN: %tritonc %s --kernel product -o %t.dot.ptx --signature "*fp16:16, *fp16:16, *bf16:16, i32:16, 64, 64, 32" --num-warps 4
# RUN: FileCheck %s --check-prefix=DOT --implicit-check-not=cvt.rn.bf16.f32 < %t.dot.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.dot.ptx -o %t.dot.cubin %}
# RUN: %tritonc %s --kernel product -o %t.dot80.ptx --arch sm_80 --signature "*fp16:16, *fp16:16, *bf16:16, i32:16, 64, 64, 32" --num-warps 4
# RUN: FileCheck %s --check-prefix=DOT --implicit-check-not=cvt.rn.bf16.f32 < %t.dot80.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.dot80.ptx -o %t.dot80.cubin %}
# RUN: %tritonc %s --kernel halve -o %t.one.ptx --signature "*fp32:16, *fp16:16, *bf16:16, 128" --num-warps 4
# RUN: FileCheck %s --check-prefix=ONE < %t.one.ptx
# 1024 elements over 128 threads: 8 each, four pairs per dtype.
# PAIRS-COUNT-4: cvt.rn.f16x2.f32
# PAIRS: st.global.v4.b32
# PAIRS-COUNT-4: cvt.rn.bf16x2.f32
# PAIRS: st.global.v4.b32
# ONE-NOT: f16x2
# ONE: cvt.rn.f16.f32
# ONE: cvt.rn.bf16.f32
# A 64x64 product over 128 threads: 32 accumulators each, 16 pairs.
# DOT-COUNT-16: cvt.rn.bf16x2.f32
import triton
import triton.language as tl


@triton.jit
def halve(x_ptr, h_ptr, b_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.store(h_ptr + offs, x.to(tl.float16))
    tl.store(b_ptr + offs, (x * 2.0).to(tl.bfloat16))


@triton.jit
def product(a_ptr, b_ptr, c_ptr, k_total, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    acc = tl.zeros((M, N), dtype=tl.float32)
    for k in range(0, k_total, K):
        a = tl.load(a_ptr + rm[:, None] * k_total + (k + rk)[None, :])
        b = tl.load(b_ptr + (k + rk)[:, None] * N + rn[None, :])
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.bfloat16))
