# Fused attention forward (tests/kernels/fused_attention.py): a @jit helper
# returning a tuple (`acc, row_sum, row_max = ...`), its key range chosen
# by a constexpr string (`lo, hi = ...`), two tl.dot per iteration,
# tl.math.exp2 / log2, tl.multiple_of, tl.full and `out_ptr.type.element_ty`.
# Causal: the keys before the diagonal block, then the diagonal block
# under a mask; otherwise one pass over all the keys.
# RUN: %tritonc %S/../../kernels/fused_attention.py --kernel attention_fwd --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp32:16, fp32, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32, 1024, 64, 128, 64, True" --emit tir -o - | FileCheck %s
# RUN: %tritonc %S/../../kernels/fused_attention.py --kernel attention_fwd --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp32:16, fp32, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32, 1024, 64, 128, 64, False" --emit tir -o - | FileCheck %s --check-prefix=FULL

# CHECK-LABEL: func @attention_fwd(
# q stays in registers: one [BLOCK_M, HEAD_DIM] load.
# CHECK: load {{.*}} : tensor<128x64xf16>
# The keys before the diagonal: row_sum, acc and row_max carried through
# the loop, no mask.
# CHECK: = for {{.*}} : tensor<128xf32>, tensor<128x64xf32>, tensor<128xf32>
# CHECK: multiple_of {{.*}} {values = [64]} : i32
# CHECK: dot
# CHECK-NOT: select
# CHECK: reduce {{.*}} {axis = 1, kind = "max"} : tensor<128xf32>
# CHECK: math {{.*}} {fn = "exp2"} : tensor<128x64xf32>
# CHECK: reduce {{.*}} {axis = 1, kind = "sum"} : tensor<128xf32>
# CHECK: truncf {{.*}} : tensor<128x64xf16>
# CHECK: dot
# CHECK: yield
# The diagonal block starts at a multiple of BLOCK_M and masks the scores
# of keys after the query.
# CHECK: multiple_of {{.*}} {values = [128]} : i32
# CHECK: = for {{.*}} : tensor<128xf32>, tensor<128x64xf32>, tensor<128xf32>
# CHECK: dot
# CHECK: cmpi {{.*}} {predicate = "sge"} : tensor<128x64xi1>
# CHECK-NEXT: select {{.*}} : tensor<128x64xf32>
# CHECK: dot
# CHECK: yield
# Epilogue: max + log2(sum), and acc / sum rounded to fp16.
# CHECK: math {{.*}} {fn = "log2"} : tensor<128xf32>
# CHECK: store
# CHECK: divf {{.*}} : tensor<128x64xf32>
# CHECK: truncf {{.*}} : tensor<128x64xf16>
# CHECK-NEXT: store

# FULL-LABEL: func @attention_fwd(
# FULL: = for {{.*}} : tensor<128xf32>, tensor<128x64xf32>, tensor<128xf32>
# FULL-NOT: cmpi {{.*}} : tensor<128x64xi1>
# FULL: yield
# FULL-NOT: = for
# FULL: math {{.*}} {fn = "log2"} : tensor<128xf32>
