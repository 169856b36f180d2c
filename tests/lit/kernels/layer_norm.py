# Layer norm in the tutorial's style (tests/kernels/layer_norm.py): the
# forward pass and the final dW/dB reduction of the backward pass.
# RUN: %tritonc %S/../../kernels/layer_norm.py --kernel _layer_norm_fwd_fused --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp32:16, *fp32:16, i32, i32, fp32, 1024" --emit tir -o - | FileCheck %s --check-prefix=FWD
# RUN: %tritonc %S/../../kernels/layer_norm.py --kernel _layer_norm_bwd_dwdb --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32, i32, 32, 128" --emit tir -o - | FileCheck %s --check-prefix=DWDB

# Three passes over the row: the mean and the variance accumulate a
# tensor<1024xf32> across iterations, then are reduced; the third pass stores.
# FWD-LABEL: func @_layer_norm_fwd_fused(
# FWD: %[[ACC:[0-9]+]] = for {{.*}}, %N, {{.*}} : tensor<1024xf32>
# FWD: yield
# FWD: reduce %[[ACC]] {axis = 0, kind = "sum"} : f32
# FWD: %[[VACC:[0-9]+]] = for {{.*}}, %N, {{.*}} : tensor<1024xf32>
# FWD: select
# FWD: yield
# FWD: reduce %[[VACC]] {axis = 0, kind = "sum"} : f32
# FWD: math {{.*}} {fn = "sqrt"} : f32
# FWD: store
# FWD: store
# FWD: for {{.*}}, %N,
# FWD: truncf {{.*}} : tensor<1024xf16>
# FWD-NEXT: store
# FWD-NEXT: yield

# A 2-D [32, 128] accumulator pair carried through the loop over M, then
# reduced along axis 0 to a row of 128.
# DWDB-LABEL: func @_layer_norm_bwd_dwdb(
# DWDB: %[[DW:[0-9]+]], %[[DB:[0-9]+]] = for {{.*}}, %M, {{.*}} : tensor<32x128xf32>, tensor<32x128xf32>
# DWDB: load {{.*}} : tensor<32x128xf16>
# DWDB: yield
# DWDB: reduce %[[DW]] {axis = 0, kind = "sum"} : tensor<128xf32>
# DWDB: reduce %[[DB]] {axis = 0, kind = "sum"} : tensor<128xf32>
# DWDB: store
# DWDB: store
