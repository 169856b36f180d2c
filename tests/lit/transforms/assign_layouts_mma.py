# A tensor-core dot anchors the MMA layout: its accumulator keeps it
# through the K loop (zeros made in it, no conversion per iteration), the
# bias row loads into the slice of it that broadcasts down the tile, the
# epilogue (bias, GELU, cast) runs on it, and one conversion to a
# coalesced blocked layout sits before the store.
# RUN: %tritonc %samples/matmul.py --kernel matmul_bias_act --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 128, 128, 64, 8, 'gelu'" --num-warps 8 --passes=canonicalize,cse,licm,dce,assign-layouts --emit tir-gpu --arch sm_80 -o - | FileCheck %s
# CHECK: constant {value = 0.0} : tensor<128x128xf32, #mma<v2, instr=[16,8,16], wpc=[2,4]>>
# CHECK: = for
# CHECK-NOT: convert_layout
# CHECK: load {{.*}} : tensor<128x64xf16, #blocked<spt=[1,8], tpw=[4,8], wpc=[8,1], order=[1,0]>>
# CHECK-NOT: convert_layout
# CHECK: dot {{.*}} : tensor<128x128xf32, #mma<v2, instr=[16,8,16], wpc=[2,4]>>
# CHECK-NOT: convert_layout
# CHECK: yield
# CHECK: load {{.*}} : tensor<128xf16, #slice<dims=[0], #mma<v2, instr=[16,8,16], wpc=[2,4]>>>
# CHECK: addf {{.*}} : tensor<128x128xf32, #mma<v2, instr=[16,8,16], wpc=[2,4]>>
# CHECK: truncf {{.*}} : tensor<128x128xf16, #mma<v2, instr=[16,8,16], wpc=[2,4]>>
# CHECK: convert_layout {{.*}} : tensor<128x128xf16, #blocked<
# CHECK-NEXT: store
