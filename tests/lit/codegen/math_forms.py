# Each fp32 math function in the form Triton 3.6 emits for it
# (bench/triton_math_forms.py prints Triton's): libdevice, linked with
# flush-to-zero on, for exp2, log, log2, sqrt, rsqrt, sin; IEEE sqrt_rn.
# RUN: %tritonc %s -o - --signature "*fp32:16, *fp32:16, 'exp2'" | FileCheck --check-prefix=EXP2 %s
# RUN: %tritonc %s -o - --signature "*fp32:16, *fp32:16, 'log'" | FileCheck --check-prefix=LOG %s
# RUN: %tritonc %s -o - --signature "*fp32:16, *fp32:16, 'log2'" | FileCheck --check-prefix=LOG %s
# RUN: %tritonc %s -o - --signature "*fp32:16, *fp32:16, 'sqrt'" | FileCheck --check-prefix=SQRT %s
# RUN: %tritonc %s -o - --signature "*fp32:16, *fp32:16, 'rsqrt'" | FileCheck --check-prefix=RSQRT %s
# RUN: %tritonc %s -o - --signature "*fp32:16, *fp32:16, 'sqrt_rn'" | FileCheck --check-prefix=SQRTRN %s
# RUN: %tritonc %s -o - --signature "*fp32:16, *fp32:16, 'sin'" | FileCheck --check-prefix=SIN %s
# RUN: %tritonc %s -o - --emit llvm --signature "*fp32:16, *fp32:16, 'sin'" | FileCheck --check-prefix=REFLECT %s
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
