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
# The vector load is only the guess that all four agree: each lane whose
# own predicate differs loads (or keeps `other`) again by itself.
# CHECK: @%p[[FIRST:[0-9]+]] ld.global.v4.b32
# CHECK-COUNT-4: xor.pred %p{{[0-9]+}}, %p{{[0-9]+}}, %p[[FIRST]];
