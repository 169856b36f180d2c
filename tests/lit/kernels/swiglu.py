# SwiGLU (tests/kernels/swiglu.py): the row-wise forward through a
# @triton.jit `silu` helper with `.cast(dtype)` on its result, the backward
# pass that writes both gradients over its inputs, and the flat forward.
# RUN: %tritonc %S/../../kernels/swiglu.py --kernel swiglu_fwd --signature "*bf16:16, *bf16:16, *bf16:16, i32:16, 4096, 4096" --emit tir -o - | FileCheck %s --check-prefix=FWD
# RUN: %tritonc %S/../../kernels/swiglu.py --kernel swiglu_bwd --signature "*bf16:16, *bf16:16, *bf16:16, i32:16, 4096, 4096" --emit tir -o - | FileCheck %s --check-prefix=BWD
# RUN: %tritonc %S/../../kernels/swiglu.py --kernel swiglu_flat --signature "*fp16:16, *fp16:16, *fp16:16, i32, 1024" --emit tir -o - | FileCheck %s --check-prefix=FLAT

# The helper is inlined: sigmoid in fp32, silu(gate) rounded to bf16 by
# .cast, then a bf16 multiply by up.
# FWD-LABEL: func @swiglu_fwd(
# FWD: load {{.*}} : tensor<4096xbf16>
# FWD: math {{.*}} {fn = "exp", ftz = 1} : tensor<4096xf32>
# FWD: %[[S:[0-9]+]] = truncf {{.*}} : tensor<4096xbf16>
# FWD-NEXT: %[[C:[0-9]+]] = mulf %[[S]], {{.*}} : tensor<4096xbf16>
# FWD: store {{.*}}, %[[C]],

# BWD-LABEL: func @swiglu_bwd(
# BWD: load {{.*}} : tensor<4096xbf16>
# sigmoid(gate) = 1 / (1 + exp(-gate)), in fp32
# BWD: subf {{.*}} : tensor<4096xf32>
# BWD-NEXT: math {{.*}} {fn = "exp", ftz = 1} : tensor<4096xf32>
# Both gradients are written back over the inputs, rounded to bf16.
# BWD: truncf {{.*}} : tensor<4096xbf16>
# BWD-NEXT: store
# BWD-NEXT: truncf {{.*}} : tensor<4096xbf16>
# BWD-NEXT: store
# BWD-NEXT: return

# FLAT-LABEL: func @swiglu_flat(
# FLAT: %[[GATE:[0-9]+]] = load {{.*}} : tensor<1024xf16>
# FLAT: %[[UP:[0-9]+]] = load {{.*}} : tensor<1024xf16>
# FLAT: math {{.*}} {fn = "exp", ftz = 1} : tensor<1024xf32>
# silu(gate) is rounded to up's dtype, then multiplied by up in fp16.
# FLAT: %[[ACT:[0-9]+]] = truncf {{.*}} : tensor<1024xf16>
# FLAT: %[[OUT:[0-9]+]] = mulf %[[ACT]], %[[UP]] : tensor<1024xf16>
# FLAT: store {{.*}}, %[[OUT]],
