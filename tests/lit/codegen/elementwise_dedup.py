# Elementwise ops compute once per run of elements axis info proves equal:
# in layer norm's variance pass, `cols < n_cols` is constant over each aligned
# group of 8 columns (n_cols is a multiple of 16), so a thread's 16 elements
# need 2 compares, not 16, and the 16 selects share them.
# RUN: %tritonc %samples/layer_norm.py --kernel layer_norm_fwd --num-warps 8 --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp32:16, *fp32:16, i32:16, i32:16, fp32, 4096" -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# CHECK-LABEL: shfl.sync.bfly
# CHECK: setp.lt.s32 [[LOW:%p[0-9]+]]
# CHECK-NEXT: setp.lt.s32 [[HIGH:%p[0-9]+]]
# CHECK-NOT: setp.lt.s32
# CHECK-COUNT-8: selp.f32 {{%r[0-9]+}}, {{%r[0-9]+}}, 0f00000000, [[LOW]];
# CHECK-COUNT-8: selp.f32 {{%r[0-9]+}}, {{%r[0-9]+}}, 0f00000000, [[HIGH]];
# CHECK: bar.sync
