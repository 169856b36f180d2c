# Integer minimum/maximum of 8- and 16-bit values is computed at 32 bits,
# each operand shifted into the top of a word and the result shifted back:
# ptxas 13.0 at -O3 fuses trees of `max.s16` over negated values into
# three-input VIMNMX3 and drops a negation
# (tests/difftest/corpus/max_of_negated_i16.py), and sign-extended operands
# let it move a 16-bit negation past the extension, wrong for -32768
# (tests/difftest/corpus/max_of_negated_int_min.py). A 32-bit minimum or
# maximum with a negated operand goes to the top of a 64-bit word the same
# way: ptxas drops such negations from 32-bit three-input forms too
# (tests/difftest/corpus/max_of_negated_rows_i32.py).
# RUN: %tritonc %s --kernel column_max --signature "*i32, *fp32, i32, i32, 4, 128" --num-warps 2 -o - | FileCheck %s --check-prefix=S32
# RUN: %tritonc %s --kernel column_max --signature "*i16, *fp32, i32, i32, 4, 128" --num-warps 2 -o - | FileCheck %s --check-prefix=S16
# RUN: %tritonc %s --kernel column_max --signature "*i16, *fp32, i32, i32, 4, 128" --num-warps 2 --arch sm_80 -o - | FileCheck %s --check-prefix=S16
# RUN: %tritonc %s --kernel pairwise --signature "*i8:16, *i8:16, *i8:16, 256" --num-warps 1 -o - | FileCheck %s --check-prefix=S8 --implicit-check-not=min.s16 --implicit-check-not=max.s16
# RUN: %tritonc %s --kernel pairwise --signature "*u16:16, *u16:16, *u16:16, 256" --num-warps 1 -o - | FileCheck %s --check-prefix=U16 --implicit-check-not=min.u16 --implicit-check-not=max.u16
# RUN: %tritonc %s --kernel pairwise --signature "*u16:16, *u16:16, *u16:16, 256" --num-warps 1 --emit llvm -o - | FileCheck %s --check-prefix=IR
# S16-NOT: max.s16
# S16: neg.s16 [[N:%rs[0-9]+]],
# S16: cvt.u32.u16 [[W:%r[0-9]+]], [[N]];
# S16: shl.b32 %r{{[0-9]+}}, [[W]], 16;
# S16: max.s32
# S16-NOT: max.s16
# S8-DAG: shl.b32 %r{{[0-9]+}}, %r{{[0-9]+}}, 24;
# S8-DAG: min.s32
# S8-DAG: max.s32
# U16-DAG: min.u32
# U16-DAG: max.u32
# IR-NOT: call {{.*}}@llvm.{{[su](min|max)}}.{{(v[0-9]+)?}}i16
# IR: zext i16 %{{.*}} to i32
# IR: shl i32 %{{.*}}, 16
# IR: @llvm.umin.i32
# IR-NOT: call {{.*}}@llvm.{{[su](min|max)}}.{{(v[0-9]+)?}}i16
# S32: neg.s32 [[N:%r[0-9]+]],
# S32: cvt.u64.u32 [[W:%rd[0-9]+]], [[N]];
# S32: shl.b64 %rd{{[0-9]+}}, [[W]], 32;
# S32: max.s64
import triton
import triton.language as tl


@triton.jit
def column_max(x_ptr, o_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    rows = tl.arange(0, BM)
    cols = tl.program_id(0) * BN + tl.arange(0, BN)
    mask = (rows < M)[:, None] & (cols < N)[None, :]
    v = tl.load(x_ptr + rows[:, None] * N + cols[None, :], mask=mask, other=1000)
    tl.store(o_ptr + cols, tl.max(-v, axis=0).to(tl.float32), mask=cols < N)


@triton.jit
def pairwise(a_ptr, b_ptr, o_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a = tl.load(a_ptr + offs)
    b = tl.load(b_ptr + offs)
    tl.store(o_ptr + offs, tl.maximum(tl.minimum(a, b), b - a))
