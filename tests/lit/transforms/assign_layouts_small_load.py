# A load smaller than the CTA (64 floats, 128 threads) repeats elements in
# any layout, so it anchors nothing: RoPE's cos/sin rows load straight into
# the slice layout of the 2-D tile they multiply, with no convert_layout and
# no barrier, two 16-byte loads per thread each.
# RUN: %tritonc %samples/rope.py --kernel rope_kernel --signature "*bf16:16, *bf16:16, *fp32:16, *fp32:16, i32:16, i32:16, i32:16, i32, i32:16, 128, 32, False" --emit tir-gpu -o - | FileCheck %s
# RUN: %tritonc %samples/rope.py --kernel rope_kernel --signature "*bf16:16, *bf16:16, *fp32:16, *fp32:16, i32:16, i32:16, i32:16, i32, i32:16, 128, 32, False" -o %t.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# CHECK-NOT: convert_layout
# CHECK: load {{.*}} : tensor<64xf32, #slice<dims=[0], #blocked<spt=[1,8], tpw=[4,8], wpc=[4,1], order=[1,0]>>>
# CHECK: load {{.*}} : tensor<64xf32, #slice<dims=[0], #blocked<spt=[1,8], tpw=[4,8], wpc=[4,1], order=[1,0]>>>
# CHECK-NOT: convert_layout
# PTX-NOT: bar.sync
# PTX-COUNT-8: ld.global.v4.b32
# PTX-NOT: bar.sync
