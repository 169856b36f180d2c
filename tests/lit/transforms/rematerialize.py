# The sample's row and column index vectors are wanted in the layouts of
# the A and B loads, of the bias load (a slice of the accumulator's MMA
# layout) and of the store. After layout assignment they are converted;
# rematerialize computes each again in the layout it is wanted in, and CSE
# merges the copies, so that the only exchange left is the accumulator's
# on its way to the coalesced store.
# RUN: %tritonc %samples/matmul.py --kernel matmul_bias_act --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 128, 128, 64, 8, 'gelu'" --num-warps 8 --arch sm_80 --passes=canonicalize,cse,licm,dce,assign-layouts --emit tir-gpu -o - | FileCheck %s --check-prefix=BEFORE
# RUN: %tritonc %samples/matmul.py --kernel matmul_bias_act --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 128, 128, 64, 8, 'gelu'" --num-warps 8 --arch sm_80 --passes=canonicalize,cse,licm,dce,assign-layouts,rematerialize,cse-gpu,dce --emit tir-gpu -o - | FileCheck %s --check-prefix=AFTER
# BEFORE: convert_layout {{.*}} : tensor<128xi32, #slice<dims=[1], #blocked<spt=[1,8], tpw=[4,8]
# BEFORE: convert_layout {{.*}} : tensor<128xi32, #slice<dims=[0], #mma<v2, instr=[16,8,16], wpc=[2,4]>>>
# AFTER-NOT: convert_layout {{.*}} : tensor<128xi32
# AFTER: make_range {start = 0, end = 128} : tensor<128xi32, #slice<dims=[1], #blocked<spt=[1,8], tpw=[4,8]
# AFTER: make_range {start = 0, end = 128} : tensor<128xi32, #slice<dims=[0], #mma<v2, instr=[16,8,16], wpc=[2,4]>>>
# AFTER-NOT: make_range {start = 0, end = 128} : tensor<128xi32, #slice<dims=[0], #mma<v2, instr=[16,8,16], wpc=[2,4]>>>
# AFTER: convert_layout {{.*}} : tensor<128x128xf16
# AFTER-NOT: convert_layout
