# The query tile of the attention test kernel is the same in every
# iteration of the key loop: it is written to shared memory once, before
# the loop (local_store, then a CTA barrier), and the first dot reads it
# there, while K and V stream through the pipeliner's ring buffers.
# RUN: %tritonc %S/../../kernels/fused_attention.py --kernel attention_fwd --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp32:16, fp32, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32, 4096, 64, 128, 64, False" --num-warps 4 --emit tir-gpu -o - | FileCheck %s
# CHECK: [[K:%[0-9]+]] = local_alloc : tensor<3x64x64xf16, #shared<colmajor>>
# CHECK: [[V:%[0-9]+]] = local_alloc : tensor<3x64x64xf16, #shared>
# CHECK: [[Q:%[0-9]+]] = local_alloc : tensor<1x128x64xf16, #shared>
# CHECK-NEXT: local_store [[Q]], [[ZERO:%[0-9]+]], %{{[0-9]+}}
# CHECK: = for
# CHECK: [[QS:%[0-9]+]] = local_slot [[Q]], [[ZERO]] : tensor<128x64xf16, #shared>
# CHECK: [[KS:%[0-9]+]] = local_slot [[K]]
# CHECK: = dot [[QS]], [[KS]], {{.*}} : tensor<128x64xf32, #mma<v3, instr=[64,64,16], wpc=[4,1]>>
# CHECK: = reduce {{.*}} {axis = 1, kind = "max"} : tensor<128xf32, #slice<dims=[1], #mma<v3, instr=[64,64,16], wpc=[4,1]>>>
