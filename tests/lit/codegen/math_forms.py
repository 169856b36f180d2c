# Each fp32 math function in the form Triton 3.6 emits for it
# (bench/triton_math_forms.py prints Triton's): libdevice, linked with
# flush-to-zero on, for exp2, log, log2, sqrt, rsqrt, sin; IEEE sqrt_rn and
# div_rn; `/` as div.full; clamp as max/min, NaN-propagating on request.
# RUN: %tritonc %s -o - --signature "*fp32:16, *fp32:16, 'exp2'" | FileCheck --check-prefix=EXP2 %s
# RUN: %tritonc %s -o - --signature "*fp32:16, *fp32:16, 'log'" | FileCheck --check-prefix=LOG %s
# RUN: %tritonc %s -o - --signature "*fp32:16, *fp32:16, 'log2'" | FileCheck --check-prefix=LOG %s
# RUN: %tritonc %s -o - --signature "*fp32:16, *fp32:16, 'sqrt'" | FileCheck --check-prefix=SQRT %s
# RUN: %tritonc %s -o - --signature "*fp32:16, *fp32:16, 'rsqrt'" | FileCheck --check-prefix=RSQRT %s
# RUN: %tritonc %s -o - --signature "*fp32:16, *fp32:16, 'sqrt_rn'" | FileCheck --check-prefix=SQRTRN %s
# RUN: %tritonc %s -o - --signature "*fp32:16, *fp32:16, 'sin'" | FileCheck --check-prefix=SIN %s
# RUN: %tritonc %s -o - --emit llvm --signature "*fp32:16, *fp32:16, 'sin'" | FileCheck --check-prefix=REFLECT %s
# RUN: %tritonc %s -o - --signature "*fp32:16, *fp32:16, 'div'" | FileCheck --check-prefix=DIV %s
# RUN: %tritonc %s -o - --signature "*fp32:16, *fp32:16, 'div_rn'" | FileCheck --check-prefix=DIVRN %s
# RUN: %tritonc %s -o - --signature "*fp32:16, *fp32:16, 'fdiv_ieee'" | FileCheck --check-prefix=DIVRN %s
# RUN: %tritonc %s -o - --signature "*fp32:16, *fp32:16, 'clamp'" | FileCheck --check-prefix=CLAMP %s
# RUN: %tritonc %s -o - --signature "*fp32:16, *fp32:16, 'clamp_nan'" | FileCheck --check-prefix=CLAMPNAN %s
# RUN: not %tritonc %s -o - --signature "*fp32:16, *fp32:16, 'bad_nan'" 2>&1 | FileCheck --check-prefix=BADNAN %s
import triton
import triton.language as tl


@triton.jit
def apply(x_ptr, y_ptr, FN: tl.constexpr):
    offs = tl.arange(0, 128)
    x = tl.load(x_ptr + offs)
    if FN == "exp2":
        y = tl.exp2(x)
    elif FN == "log":
        y = tl.log(x)
    elif FN == "log2":
        y = tl.log2(x)
    elif FN == "sqrt":
        y = tl.sqrt(x)
    elif FN == "rsqrt":
        y = tl.rsqrt(x)
    elif FN == "sqrt_rn":
        y = tl.sqrt_rn(x)
    elif FN == "div":
        y = x / (x + 1.0)
    elif FN == "div_rn":
        y = tl.div_rn(x, x + 1.0)
    elif FN == "fdiv_ieee":
        y = tl.fdiv(x, x + 1.0, ieee_rounding=True)
    elif FN == "clamp":
        y = tl.clamp(x, -1.0, 1.0)
    elif FN == "clamp_nan":
        y = tl.clamp(x, -1.0, 1.0, propagate_nan=tl.PropagateNan.ALL)
    elif FN == "bad_nan":
        y = tl.maximum(x, 0.0, propagate_nan=True)
    else:
        y = tl.sin(x)
    tl.store(y_ptr + offs, y)

# EXP2: ex2.approx.ftz.f32

# libdevice's logf and log2f: a polynomial in fma.rn.ftz, no lg2.approx.
# LOG-NOT: lg2.approx
# LOG: fma.rn.ftz.f32
# LOG-NOT: lg2.approx

# SQRT-NOT: sqrt.approx.f32
# SQRT: sqrt.approx.ftz.f32
# SQRT-NOT: sqrt.approx.f32

# RSQRT-NOT: rsqrt.approx.f32
# RSQRT: rsqrt.approx.ftz.f32
# RSQRT-NOT: rsqrt.approx.f32

# SQRTRN: sqrt.rn.f32

# SIN-NOT: sin.approx
# SIN: fma.rn.ftz.f32
# SIN-NOT: sin.approx

# REFLECT: !{i32 4, !"nvvm-reflect-ftz", i32 1}

# DIV: div.full.f32
# DIVRN-NOT: div.full
# DIVRN: div.rn.f32
# DIVRN-NOT: div.full

# CLAMP-NOT: .NaN
# CLAMP: max.f32
# CLAMP: min.f32
# CLAMPNAN: max.NaN.f32
# CLAMPNAN: min.NaN.f32

# BADNAN: error: `propagate_nan` is `tl.PropagateNan.NONE` or `.ALL`, found the constant `True`
