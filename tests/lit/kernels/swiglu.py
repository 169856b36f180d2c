# SwiGLU (tests/kernels/swiglu.py): Liger-Kernel's forward (c = silu(a) * b
# through a @triton.jit `silu` helper, `.cast(dtype)` on its result) and
# backward (in place into a and b), and Unsloth's flat forward.
# RUN: %tritonc %S/../../kernels/swiglu.py --kernel _swiglu_forward_kernel --signature "*bf16:16, *bf16:16, *bf16:16, i32:16, 4096, 4096" --emit tir -o - | FileCheck %s --check-prefix=FWD
# RUN: %tritonc %S/../../kernels/swiglu.py --kernel _swiglu_backward_kernel --signature "*bf16:16, *bf16:16, *bf16:16, i32:16, 4096, 4096" --emit tir -o - | FileCheck %s --check-prefix=BWD
# RUN: %tritonc %S/../../kernels/swiglu.py --kernel _fg_kernel --signature "*fp16:16, *fp16:16, *fp16:16, i32, 1024" --emit tir -o - | FileCheck %s --check-prefix=FG

# The helper is inlined: sigmoid in fp32, silu(a) rounded to bf16 by
# .cast, then a bf16 multiply by b.
# FWD-LABEL: func @_swiglu_forward_kernel(
# FWD: load {{.*}} : tensor<4096xbf16>
# FWD: math {{.*}} {fn = "exp"} : tensor<4096xf32>
# FWD: %[[S:[0-9]+]] = truncf {{.*}} : tensor<4096xbf16>
# FWD-NEXT: %[[C:[0-9]+]] = mulf %[[S]], {{.*}} : tensor<4096xbf16>
# FWD: store {{.*}}, %[[C]],

# BWD-LABEL: func @_swiglu_backward_kernel(
# BWD: %[[A:[0-9]+]] = load {{.*}} : tensor<4096xbf16>
# sigmoid(a) = 1 / (1 + exp(-a)), in fp32
# BWD: negf {{.*}} : tensor<4096xf32>
# BWD-NEXT: math {{.*}} {fn = "exp"} : tensor<4096xf32>
# Both gradients are written back over the inputs, rounded to bf16.
# BWD: truncf {{.*}} : tensor<4096xbf16>
# BWD-NEXT: store
# BWD-NEXT: truncf {{.*}} : tensor<4096xbf16>
# BWD-NEXT: store
# BWD-NEXT: return

# FG-LABEL: func @_fg_kernel(
# FG: %[[E:[0-9]+]] = load {{.*}} : tensor<1024xf16>
# FG: %[[G:[0-9]+]] = load {{.*}} : tensor<1024xf16>
# FG: math {{.*}} {fn = "exp"} : tensor<1024xf32>
# f is rounded to g's dtype, then h = f * g in fp16.
# FG: %[[F:[0-9]+]] = truncf {{.*}} : tensor<1024xf16>
# FG-NEXT: %[[H:[0-9]+]] = mulf %[[F]], %[[G]] : tensor<1024xf16>
# FG: store {{.*}}, %[[H]],
