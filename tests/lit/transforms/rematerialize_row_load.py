# A row of fewer elements than the block has threads, broadcast into two
# tiles whose loads took different layouts, is loaded again in the second
# layout right after the first load, as Triton does, instead of being
# exchanged between threads: no convert_layout of the row is left, and in
# the PTX no shuffles, the second copy loaded 8 elements (16 bytes) at a
# time.
# RUN: %tritonc %S/Inputs/row_two_tiles.py --kernel scale_two_tiles --signature "*bf16:16, *bf16:16, *bf16:16, i32, 32, 8, 32" --arch sm_90a --passes=canonicalize,cse,licm,dce,assign-layouts --emit tir-gpu -o - | FileCheck %s --check-prefix=BEFORE
# RUN: %tritonc %S/Inputs/row_two_tiles.py --kernel scale_two_tiles --signature "*bf16:16, *bf16:16, *bf16:16, i32, 32, 8, 32" --arch sm_90a --passes=canonicalize,cse,licm,dce,assign-layouts,rematerialize,cse-gpu,dce --emit tir-gpu -o - | FileCheck %s --check-prefix=AFTER
# RUN: %tritonc %S/Inputs/row_two_tiles.py --kernel scale_two_tiles --signature "*bf16:16, *bf16:16, *bf16:16, i32, 32, 8, 32" --arch sm_90a -o - | FileCheck %s --check-prefix=PTX
# BEFORE: %[[ROW:[0-9]+]] = load {{.*}} : tensor<32xbf16, #slice<dims=[0], #blocked<spt=[1,2]
# BEFORE: convert_layout {{.*}} : tensor<1x32xbf16, #blocked<spt=[1,8]
# AFTER: load {{.*}} : tensor<32xbf16, #slice<dims=[0], #blocked<spt=[1,2]
# AFTER-NEXT: splat
# AFTER: load {{.*}} : tensor<32xbf16, #slice<dims=[0], #blocked<spt=[1,8]
# AFTER-NOT: convert_layout
# AFTER: load {{.*}} : tensor<32x32xbf16
# PTX-NOT: shfl
# PTX: ld.global.b32
# PTX: ld.global.v4.b32
# PTX-NOT: shfl
