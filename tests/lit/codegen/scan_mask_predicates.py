# A mask computed from running sums (the first n lanes) is not constant
# over runs of lanes: the scan used to inherit its operand's constancy
# (a splat of ones: constant over all 256), so the load took four elements
# under the first one's predicate alone and read past n instead of giving
# `other` (a wrong value for every n that is not a multiple of four).
# The kernel is the GPU language case's (tests/gpu/lang/kernels/scans.py).
# RUN: %tritonc %S/../../gpu/lang/kernels/scans.py --kernel prefix_masked --signature "*fp32:16, *fp32:16, i32" --num-warps 2 --arch sm_90a -o %t.ptx
# RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin
# RUN: FileCheck %s < %t.ptx
# REQUIRES: ptxas
# The vector load runs only where all four lanes' masks hold; otherwise
# each lane loads by itself under its own predicate, into the same
# register (preset to `other`), so no select waits for both loads.
# CHECK: @%p[[WHOLE:[0-9]+]] ld.global.v4.b32 { [[R0:%r[0-9]+]], [[R1:%r[0-9]+]], [[R2:%r[0-9]+]], [[R3:%r[0-9]+]] }, [ [[A:%rd[0-9]+]] + 0 ];
# CHECK-NEXT: @%p[[P0:[0-9]+]] ld.global.b32 [[R0]], [ [[A]] + 0 ];
# CHECK-NEXT: @%p[[P1:[0-9]+]] ld.global.b32 [[R1]], [ %rd{{[0-9]+}} + 0 ];
# CHECK-NEXT: @%p[[P2:[0-9]+]] ld.global.b32 [[R2]], [ %rd{{[0-9]+}} + 0 ];
# CHECK-NEXT: @%p[[P3:[0-9]+]] ld.global.b32 [[R3]], [ %rd{{[0-9]+}} + 0 ];
# CHECK-NOT: selp
