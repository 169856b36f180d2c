# The tutorial's fused attention forward (tests/kernels/fused_attention.py),
# causal (STAGE = 3: the off-band then the on-band pass of the helper): a
# @jit helper with a tuple return, `acc, l_i, m_i = ...`, constexpr-chosen
# `lo, hi = ...`, two tl.dot per iteration, tl.math.exp2 / log2 and
# `Out.type.element_ty`.
# RUN: %tritonc %S/../../kernels/fused_attention.py --kernel _attn_fwd --signature "*fp16:16, *fp16:16, *fp16:16, fp32, *fp32:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32, i32, 1024, 64, 128, 64, 3" --emit tir -o - | FileCheck %s

# CHECK-LABEL: func @_attn_fwd(
# q stays in registers: one [BLOCK_M, HEAD_DIM] load.
# CHECK: load {{.*}} : tensor<128x64xf16>
# Stage 1 (off-band): acc, l_i and m_i carried through the loop over keys.
# CHECK: = for {{.*}}tensor<128x64xf32>
# CHECK: dot
# CHECK: reduce {{.*}} {axis = 1, kind = "max"} : tensor<128xf32>
# CHECK: math {{.*}} {fn = "exp2"} : tensor<128x64xf32>
# CHECK: reduce {{.*}} {axis = 1, kind = "sum"} : tensor<128xf32>
# CHECK: dot
# CHECK: yield
# Stage 2 (on-band): the causal mask.
# CHECK: = for {{.*}}tensor<128x64xf32>
# CHECK: cmpi {{.*}} {predicate = "sge"} : tensor<128x64xi1>
# CHECK: dot
# CHECK: yield
# Epilogue: M = m_i + log2(l_i), acc / l_i.
# CHECK: math {{.*}} {fn = "log2"} : tensor<128xf32>
# CHECK: store
# CHECK: truncf {{.*}} : tensor<128x64xf16>
# CHECK: store
