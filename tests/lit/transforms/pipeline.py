# num_stages = 3: the K loop's two operand loads become cp.async copies
# into three-slot ring buffers, two iterations ahead. The prologue issues
# the copies of iterations 0 and 1 (masked off past the loop's end); each
# iteration waits until one group is left in flight, starts the copy two
# iterations ahead into the slot the previous iteration read, and runs the
# dot on its own slot; the loop drains every copy before its end.
# RUN: %tritonc %samples/matmul.py --kernel matmul_bias_act --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 128, 128, 64, 8, 'gelu'" --num-warps 8 --num-stages 3 --print-after pipeline --emit ptx --arch sm_80 -o %t.ptx 2>&1 | FileCheck %s
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# RUN: %tritonc %samples/matmul.py --kernel matmul_bias_act --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 128, 128, 64, 8, 'gelu'" --num-warps 8 --num-stages 1 --emit tir-gpu --arch sm_80 -o - | FileCheck %s --check-prefix=ONE
# CHECK: IR after pipeline
# CHECK: [[A:%[0-9]+]] = local_alloc : tensor<3x128x64xf16, #shared>
# CHECK: [[B:%[0-9]+]] = local_alloc : tensor<3x64x128xf16, #shared>
# CHECK: = cmpi %{{[0-9]+}}, %{{[0-9]+}} {predicate = "slt"} : i1
# CHECK: async_copy [[A]], [[SLOT0:%[0-9]+]]
# CHECK: async_copy [[B]], [[SLOT0]]
# CHECK-NEXT: async_commit
# CHECK: async_copy [[A]]
# CHECK: async_copy [[B]]
# CHECK-NEXT: async_commit
# CHECK: = for
# CHECK-NEXT: ^({{.*}}, [[READ:%[0-9]+]]: i32, [[WRITE:%[0-9]+]]: i32)
# CHECK-NEXT: async_wait {pending = 1}
# CHECK-NOT: load
# CHECK: async_copy [[A]], [[WRITE]]
# CHECK: async_copy [[B]], [[WRITE]]
# CHECK-NEXT: async_commit
# CHECK-NEXT: [[SA:%[0-9]+]] = local_slot [[A]], [[READ]] : tensor<128x64xf16, #shared>
# CHECK-NEXT: [[SB:%[0-9]+]] = local_slot [[B]], [[READ]] : tensor<64x128xf16, #shared>
# CHECK: = dot [[SA]], [[SB]]
# CHECK: yield
# CHECK-NEXT: }
# CHECK-NEXT: async_wait {pending = 0}
# PTX: cp.async.cg.shared.global [%r{{[0-9]+}}], [%rd{{[0-9]+}}], 16, %r{{[0-9]+}};
# PTX: cp.async.commit_group;
# PTX: cp.async.wait_group 1;
# PTX-NEXT: // end inline asm
# PTX-NEXT: bar.sync 0;
# PTX: ldmatrix.sync.aligned.m8n8.x4.shared.b16
# PTX: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
# PTX: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
# PTX: cp.async.wait_group 0;
# ONE-NOT: async_copy
# ONE: dot
