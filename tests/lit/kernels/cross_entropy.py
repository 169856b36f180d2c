# Cross-entropy forward with the whole vocabulary in one block
# (tests/kernels/cross_entropy.py, cross_entropy_one_block): logsumexp, and
# the -100 label handled by a run-time if/else that yields the loss.
# RUN: %tritonc %S/../../kernels/cross_entropy.py --kernel cross_entropy_one_block --signature "*fp32:16, i32, *fp32:16, *fp32:16, *i64:16, i32, 4096" --emit tir -o - | FileCheck %s

# CHECK-LABEL: func @cross_entropy_one_block(
# The row offset is widened to 64 bits (`z_stride.to(tl.int64)`).
# CHECK: extsi %z_stride : i64
# CHECK: %[[LABEL:[0-9]+]] = load {{.*}} : i64
# CHECK-NEXT: %[[IDX:[0-9]+]] = trunci %[[LABEL]] : i32
# CHECK: %[[MAX:[0-9]+]] = reduce {{.*}} {axis = 0, kind = "max"} : f32
# CHECK: math {{.*}} {fn = "exp"} : tensor<4096xf32>
# CHECK-NEXT: %[[SUM:[0-9]+]] = reduce {{.*}} {axis = 0, kind = "sum"} : f32
# CHECK-NEXT: %[[LOG:[0-9]+]] = math %[[SUM]] {fn = "log"} : f32
# CHECK-NEXT: %[[LSE:[0-9]+]] = addf %[[MAX]], %[[LOG]] : f32
# CHECK: %[[C:[0-9]+]] = cmpi %[[IDX]], {{.*}} {predicate = "ne"} : i1
# CHECK-NEXT: %[[LOSS:[0-9]+]] = if %[[C]] : f32
# CHECK: subf %[[LSE]],
# CHECK: yield
# CHECK: yield
# CHECK: store {{.*}}, %[[LSE]]
# CHECK: store {{.*}}, %[[LOSS]]
