# The layer-norm kernels of tests/kernels/layer_norm.py: the blocked forward
# pass and the sum of the backward pass's partial rows.
# RUN: %tritonc %S/../../kernels/layer_norm.py --kernel ln_fwd_blocked --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp32:16, *fp32:16, i32, i32, fp32, 1024" --emit tir -o - | FileCheck %s --check-prefix=FWD
# RUN: %tritonc %S/../../kernels/layer_norm.py --kernel ln_bwd_reduce_partials --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32, i32, 32, 128" --emit tir -o - | FileCheck %s --check-prefix=SUM

# Three sweeps over the row: the sum and the sum of squares are carried as
# tensor<1024xf32> through their loops and reduced after them; the squares
# come from a select that zeroes the padding; the third sweep stores.
# FWD-LABEL: func @ln_fwd_blocked(
# FWD: %[[S:[0-9]+]] = for {{.*}}, %width, {{.*}} : tensor<1024xf32>
# FWD: extf {{.*}} : tensor<1024xf32>
# FWD: yield
# FWD: reduce %[[S]] {axis = 0, kind = "sum"} : f32
# FWD: %[[SS:[0-9]+]] = for {{.*}}, %width, {{.*}} : tensor<1024xf32>
# FWD: %[[D:[0-9]+]] = select
# FWD-NEXT: mulf %[[D]], %[[D]] : tensor<1024xf32>
# FWD: yield
# FWD: reduce %[[SS]] {axis = 0, kind = "sum"} : f32
# FWD: math {{.*}} {fn = "sqrt"} : f32
# FWD: store
# FWD: store
# FWD: for {{.*}}, %width,
# The store rounds the fp32 result to the fp16 pointee.
# FWD: truncf {{.*}} : tensor<1024xf16>
# FWD-NEXT: store
# FWD-NEXT: yield

# Two [32, 128] accumulators carried through the loop over partial rows,
# then each reduced along axis 0 to a row of 128.
# SUM-LABEL: func @ln_bwd_reduce_partials(
# SUM: %[[G:[0-9]+]], %[[B:[0-9]+]] = for {{.*}}, %n_parts, {{.*}} : tensor<32x128xf32>, tensor<32x128xf32>
# SUM: load {{.*}} : tensor<32x128xf16>
# SUM: load {{.*}} : tensor<32x128xf16>
# SUM: yield
# SUM: reduce %[[G]] {axis = 0, kind = "sum"} : tensor<128xf32>
# SUM: store
# SUM: reduce %[[B]] {axis = 0, kind = "sum"} : tensor<128xf32>
# SUM: store
