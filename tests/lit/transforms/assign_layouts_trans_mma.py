# A transposed accumulator: the dot's products convert once, straight into
# the blocked layout whose transpose the store wants (its dims swapped),
# and the transpose and the elementwise step after it move nothing: no
# conversion between the transpose and the store.
# RUN: %tritonc %S/../../gpu/lang/kernels/transposed_products.py --kernel scaled_transpose --signature "*fp16:16, *fp16:16, *fp32:16, 64, 128, 32" --num-warps 4 --passes=canonicalize,cse,licm,dce,assign-layouts --emit tir-gpu --arch sm_90a -o - | FileCheck %s
# CHECK: dot {{.*}} : tensor<64x128xf32, #mma<v3, instr=[64,128,16], wpc=[4,1]>>
# CHECK-NEXT: convert_layout {{.*}} : tensor<64x128xf32, #blocked<spt=[4,1], tpw=[16,2], wpc=[1,4], order=[0,1]>>
# CHECK-NEXT: trans {{.*}} : tensor<128x64xf32, #blocked<spt=[1,4], tpw=[2,16], wpc=[4,1], order=[1,0]>>
# CHECK-NOT: convert_layout
# CHECK: store
