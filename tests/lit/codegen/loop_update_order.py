# A loop-carried tile updated from a loop's vector loads is computed in
# the order first element of every load, then the second, ... (Triton's
# PTX order): ptxas then keeps all eight loads of an iteration in flight
# instead of consuming each before issuing the next (FlagGems' amax over
# eight rows: 78 registers and serialised loads before, Triton's 96 after).
# REQUIRES: ptxas
# RUN: %tritonc %S/../../gpu/lang/kernels/row_reductions.py --kernel row_max_loop --signature "*fp32:16, *fp32:16, i32:16, i32:16, 8, 512" -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin

# CHECK: $L__BB0_2:
# CHECK: ld.global.v4.b32 { [[A:%r[0-9]+]], {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}} }
# CHECK: ld.global.v4.b32 { [[B:%r[0-9]+]], {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}} }
# CHECK: ld.global.v4.b32 { [[C:%r[0-9]+]], {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}} }
# CHECK: max.f32 {{%r[0-9]+}}, {{%r[0-9]+}}, [[A]];
# CHECK-NEXT: max.f32 {{%r[0-9]+}}, {{%r[0-9]+}}, [[B]];
# CHECK-NEXT: max.f32 {{%r[0-9]+}}, {{%r[0-9]+}}, [[C]];
