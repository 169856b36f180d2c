# fp32 exponentials in Triton's forms: `exp2` flushes subnormal results to
# zero (libdevice linked with flush-to-zero on: ex2.approx.ftz.f32), `exp`
# does not (ex2.approx.f32 of x*log2(e)). With --exp2-form=short-predicates
# `exp` gives ex2.approx.f32's results computed as an ftz ex2 of x or x/2,
# squared where x < -126, each predicate live for one instruction; `exp2`
# is unchanged by it.
# RUN: %tritonc %s --kernel exp2_only -o - --signature "*fp32:16, *fp32:16, 1024" | FileCheck --check-prefix=EXP2 %s
# RUN: %tritonc %s --kernel exp2_only -o - --signature "*fp32:16, *fp32:16, 1024" --exp2-form=short-predicates | FileCheck --check-prefix=EXP2 %s
# RUN: %tritonc %s --kernel exp_only -o - --signature "*fp32:16, *fp32:16, 1024" | FileCheck --check-prefix=EXP %s
# RUN: %tritonc %s --kernel exp_only -o - --signature "*fp32:16, *fp32:16, 1024" --exp2-form=short-predicates | FileCheck --check-prefix=SHORT %s
# RUN: not %tritonc %s --kernel exp_only -o - --signature "*fp32:16, *fp32:16, 1024" --exp2-form=fast 2>&1 | FileCheck --check-prefix=BAD %s
import triton
import triton.language as tl


@triton.jit
def exp2_only(x_ptr, y_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.store(y_ptr + offs, tl.exp2(x))


@triton.jit
def exp_only(x_ptr, y_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.store(y_ptr + offs, tl.exp(-x))

# EXP2-NOT: ex2.approx.f32
# EXP2-NOT: setp
# EXP2: ex2.approx.ftz.f32
# EXP2-NOT: ex2.approx.f32
# EXP2-NOT: setp

# EXP-NOT: ex2.approx.ftz
# -x is 0 - x (Triton's spelling of negation), then scaled by log2(e).
# EXP: sub.f32
# EXP: mul.f32 {{%r[0-9]+}}, {{%r[0-9]+}}, 0f3FB8AA3B;
# EXP-NEXT: ex2.approx.f32
# EXP-NOT: ex2.approx.ftz

# SHORT-NOT: ex2.approx.f32
# SHORT: setp.lt.f32 p, {{%r[0-9]+}}, 0fC2FC0000;
# SHORT-NEXT: selp.f32 m, 0f3F000000, 0f3F800000, p;
# SHORT-NEXT: mul.f32 y, {{%r[0-9]+}}, m;
# SHORT-NEXT: ex2.approx.ftz.f32 e, y;
# SHORT-NEXT: setp.eq.f32 p, m, 0f3F000000;
# SHORT-NEXT: selp.f32 f, e, 0f3F800000, p;
# SHORT-NEXT: mul.f32 {{%r[0-9]+}}, e, f; }
# SHORT-NOT: ex2.approx.f32

# BAD: --exp2-form: fast not in {ptxas,short-predicates}
