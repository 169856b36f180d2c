# A mask computed from running sums (the first n lanes) is not constant
# over runs of lanes: the scan used to inherit its operand's constancy
# (a splat of ones: constant over all 256), so the load took four elements
# under the first one's predicate alone and read past n instead of giving
# `other` (a wrong value for every n that is not a multiple of four).
# RUN: %tritonc %s --kernel prefix_masked --signature "*fp32:16, *fp32:16, i32" --num-warps 2 --arch sm_90a -o %t.ptx
# RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin
# RUN: FileCheck %s < %t.ptx
# REQUIRES: ptxas
# The vector load is only the guess that all four agree: each lane whose
# own predicate differs loads (or keeps `other`) again by itself.
# CHECK: @%p[[FIRST:[0-9]+]] ld.global.v4.b32
# CHECK-COUNT-4: xor.pred %p{{[0-9]+}}, %p{{[0-9]+}}, %p[[FIRST]];
import triton
import triton.language as tl


@triton.jit
def prefix_masked(x_ptr, o_ptr, n):
    offs = tl.arange(0, 256)
    keep = tl.cumsum(tl.full((256,), 1, tl.int32), 0) <= n
    x = tl.load(x_ptr + offs, mask=keep, other=-1.0)
    tl.store(o_ptr + offs, x)
