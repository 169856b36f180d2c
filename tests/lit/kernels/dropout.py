# Dropout with the keep mask read from memory (tests/kernels/dropout.py,
# dropout_with_mask): an int32 mask used as tl.where's condition is
# compared with zero, as Triton's cast to int1 does.
# RUN: %tritonc %S/../../kernels/dropout.py --kernel dropout_with_mask --signature "*fp32:16, *i32:16, *fp32:16, i32, fp32, 1024" --emit tir -o - | FileCheck %s

# CHECK-LABEL: func @dropout_with_mask(
# CHECK: %[[MASK:[0-9]+]] = cmpi {{.*}} {predicate = "slt"} : tensor<1024xi1>
# CHECK: %[[KEEP:[0-9]+]] = load {{.*}}, %[[MASK]] : tensor<1024xi32>
# CHECK: %[[COND:[0-9]+]] = cmpi %[[KEEP]], {{.*}} {predicate = "ne"} : tensor<1024xi1>
# CHECK: subf {{.*}}, %p : f32
# CHECK: %[[SCALED:[0-9]+]] = divf
# CHECK: %[[OUT:[0-9]+]] = select %[[COND]], %[[SCALED]], {{.*}} : tensor<1024xf32>
# CHECK: store {{.*}}, %[[OUT]], %[[MASK]]
