# The autotuned matmul of tests/kernels/matmul.py: @triton.autotune over
# triton.Config, banded tile order from a @triton.jit helper returning a
# tuple (with Python's `min` on run-time values), a K loop of tl.dot
# accumulating in fp32, and a fused leaky_relu from another helper. The
# autotuned meta-parameters are given in the signature; the unit strides
# are specialised with `i32:1`.
# RUN: %tritonc %S/../../kernels/matmul.py --kernel matmul_kernel --signature "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 128, 128, 32, 8, 'leaky_relu'" --emit tir -o - | FileCheck %s
# RUN: %tritonc %S/../../kernels/matmul.py --kernel matmul_kernel --signature "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 128, 128, 32, 8, ''" --emit tir -o - | FileCheck %s --check-prefix=NOACT

# CHECK-LABEL: func @matmul_kernel(
# The band's height: min(tiles_m - first_m, GROUP_M).
# CHECK: minsi
# Rows and columns past the edge wrap back into range.
# CHECK: remsi {{.*}} : tensor<128xi32>
# CHECK: remsi {{.*}} : tensor<128xi32>
# The accumulator and both pointer tiles are carried through the K loop.
# CHECK: = for {{.*}}, %K, {{.*}} : tensor<128x128xf32>, tensor<128x32xptr<f16>>, tensor<32x128xptr<f16>>
# CHECK: load {{.*}} : tensor<128x32xf16>
# CHECK: load {{.*}} : tensor<32x128xf16>
# CHECK: dot {{.*}} : tensor<128x128xf32>
# CHECK: yield
# leaky_relu: tl.where(x > 0, x, x * 0.01), on the fp32 accumulator.
# CHECK: cmpf {{.*}} {predicate = "ogt"} : tensor<128x128xi1>
# CHECK: select {{.*}} : tensor<128x128xf32>
# CHECK-NEXT: truncf {{.*}} : tensor<128x128xf16>
# CHECK: store
# CHECK-NEXT: return

# Without an activation the accumulator is rounded as it leaves the loop.
# NOACT-LABEL: func @matmul_kernel(
# NOACT: %[[ACC:[0-9]+]], {{.*}} = for
# NOACT: yield
# NOACT-NOT: select
# NOACT: truncf %[[ACC]] : tensor<128x128xf16>
