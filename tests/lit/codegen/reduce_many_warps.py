# With 16 or more warps along a reduced axis, each warp's lanes read one
# warp partial each and combine them by xor shuffles; the result comes from
# the group's first lane. With fewer warps, and fewer than 32 partials a
# thread (codegen/reduce_many_partials.py), every thread reads the
# partials itself (vector loads of shared memory, no second round of
# shuffles).
# REQUIRES: ptxas
# RUN: %tritonc %S/../../gpu/lang/kernels/reduction_order.py --kernel long_row --signature "*fp32:16, *fp32:16, 8192" --num-warps 32 -o %t.w32.ptx
# RUN: FileCheck %s --check-prefix=W32 < %t.w32.ptx
# RUN: %ptxas -arch=sm_90a %t.w32.ptx -o %t.w32.cubin
# RUN: %tritonc %S/../../gpu/lang/kernels/reduction_order.py --kernel long_row --signature "*fp32:16, *fp32:16, 8192" --num-warps 4 -o %t.w4.ptx
# RUN: FileCheck %s --check-prefix=W4 < %t.w4.ptx
# RUN: %tritonc %S/../../gpu/lang/kernels/reduction_order.py --kernel long_row_indices --signature "*fp32:16, *i32:16, 8192" --num-warps 32 -o %t.idx.ptx
# RUN: %ptxas -arch=sm_90a %t.idx.ptx -o %t.idx.cubin

# The first sum: lane shuffles within the warp, the partials' exchange,
# then five more xor rounds (16, 8, 4, 2, 1) and the first lane's value.
# W32: bar.sync
# W32: ld.shared.b32
# W32-NEXT: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 16, 31, -1;
# W32: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 1, 31, -1;
# W32: shfl.sync.idx.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 0, 31, -1;
# W32-NOT: ld.shared.v4

# W4: bar.sync
# W4: ld.shared.v4.b32
# W4-NOT: shfl.sync.idx
