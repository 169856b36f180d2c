# The tutorial's matmul (tests/kernels/matmul.py): @triton.autotune over
# triton.Config, grouped program ordering with Python's `min` on run-time
# values, a K loop of tl.dot accumulating in fp32, and a fused leaky_relu
# from a @triton.jit helper. The autotuned meta-parameters are given in the
# signature; the unit strides are specialised with `i32:1`.
# RUN: %tritonc %S/../../kernels/matmul.py --kernel matmul_kernel --signature "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 128, 128, 32, 8, 'leaky_relu'" --emit tir -o - | FileCheck %s

# CHECK-LABEL: func @matmul_kernel(
# Grouped ordering: group_size_m = min(num_pid_m - first_pid_m, GROUP_SIZE_M).
# CHECK: minsi
# The accumulator and both pointer tiles are carried through the K loop.
# CHECK: = for {{.*}}tensor<128x128xf32>
# CHECK: load {{.*}} : tensor<128x32xf16>
# CHECK: load {{.*}} : tensor<32x128xf16>
# CHECK: dot
# CHECK: yield
# leaky_relu: tl.where(x >= 0, x, 0.01 * x)
# CHECK: cmpf
# CHECK: select {{.*}} : tensor<128x128xf32>
# CHECK: truncf {{.*}} : tensor<128x128xf16>
# CHECK: store
# CHECK-NEXT: return
