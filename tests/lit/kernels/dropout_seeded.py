# Dropout with the keep mask drawn in the kernel (tests/kernels/dropout.py,
# dropout_from_seed): tl.rand(seed, index) is Philox 4x32-10.
# RUN: %tritonc %S/../../kernels/dropout.py --kernel dropout_from_seed --signature "*fp32:16, *fp32:16, i32, fp32, i32, 1024" --emit tir -o - | FileCheck %s

# CHECK-LABEL: func @dropout_from_seed(
# Philox rounds multiply 32-bit words and keep the high halves.
# CHECK: mulhiui
# The uniform draw in [0, 1) is compared with p.
# CHECK: cmpf {{.*}}, {{.*}} {predicate = "ogt"} : tensor<1024xi1>
# CHECK: select {{.*}} : tensor<1024xf32>
# CHECK: store
