# The tile IR of the sample vector add, before and after layouts.
# RUN: %tritonc %samples/vector_add.py --emit tir -o - --signature "*fp32:16, *fp32:16, *fp32:16, i32, 1024" | FileCheck %s --check-prefix=TILE
# RUN: %tritonc %samples/vector_add.py --emit tir-gpu -o - --signature "*fp32:16, *fp32:16, *fp32:16, i32, 1024" | FileCheck %s --check-prefix=GPU
# RUN: %tritonc %samples/vector_add.py --emit tir-gpu -o - --num-warps 8 --signature "*fp32, *fp32, *fp32, i32, 256" | FileCheck %s --check-prefix=SMALL

# TILE: func @add_kernel(%x_ptr: ptr<f32> {divisibility = 16}, %y_ptr: ptr<f32> {divisibility = 16}, %output_ptr: ptr<f32> {divisibility = 16}, %n_elements: i32) {
# TILE-NEXT: %0 = program_id {axis = 0} : i32
# TILE-NEXT: %1 = constant {value = 1024} : i32
# TILE-NEXT: %2 = muli %0, %1 : i32
# TILE-NEXT: %3 = splat %2 : tensor<1024xi32>
# TILE-NEXT: %4 = make_range {start = 0, end = 1024} : tensor<1024xi32>
# TILE-NEXT: %5 = addi %3, %4 : tensor<1024xi32>
# TILE-NEXT: %6 = splat %n_elements : tensor<1024xi32>
# TILE-NEXT: %7 = cmpi %5, %6 {predicate = "slt"} : tensor<1024xi1>
# TILE-NEXT: %8 = splat %x_ptr : tensor<1024xptr<f32>>
# TILE-NEXT: %9 = addptr %8, %5 : tensor<1024xptr<f32>>
# TILE-NEXT: %10 = load %9, %7 : tensor<1024xf32>
# CSE shares the offsets and the mask between the three accesses.
# TILE: %13 = load %12, %7 : tensor<1024xf32>
# TILE-NEXT: %14 = addf %10, %13 : tensor<1024xf32>
# TILE: store %16, %14, %7
# TILE-NEXT: return

# Aligned fp32 accesses give each thread 4 contiguous elements.
# GPU: %10 = load %9, %7 : tensor<1024xf32, #blocked<spt=[4], tpw=[32], wpc=[4], order=[0]>>

# Without alignment hints, one element per access; 256 elements over 8 warps.
# SMALL: func @add_kernel(%x_ptr: ptr<f32>, %y_ptr: ptr<f32>, %output_ptr: ptr<f32>, %n_elements: i32) {
# SMALL: load {{.*}} : tensor<256xf32, #blocked<spt=[1], tpw=[32], wpc=[8], order=[0]>>
