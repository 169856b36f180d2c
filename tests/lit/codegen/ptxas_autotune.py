# Every configuration of the matmul sample's @triton.autotune assembles for
# sm_90a and for sm_80, without spills. For sm_90a as tritonc emits it by
# default, with ptxas at hand: its K loop runs twice (TMA for whole tiles,
# cp.async for the others), and at 128x128 on 4 warps the cp.async loop
# spills 4 bytes in one of the two forms of its wide address products,
# which tritonc then leaves for the other.
# REQUIRES: ptxas
# RUN: rm -rf %t && mkdir -p %t
# RUN: %tritonc %samples/matmul.py --kernel matmul_bias_act -o %t/mm.ptx --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 'gelu'" --ptxas=%ptxas
# RUN: %tritonc %samples/matmul.py --kernel matmul_bias_act --arch sm_80 -o %t/mm80.ptx --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 'gelu'" --ptxas=
# RUN: for f in %t/mm.ptx %t/mm.1.ptx %t/mm.2.ptx %t/mm.3.ptx %t/mm.4.ptx %t/mm.5.ptx %t/mm.6.ptx %t/mm.7.ptx; do %ptxas -v -arch=sm_90a $f -o $f.cubin 2>&1; done | FileCheck %s
# RUN: for f in %t/mm80.ptx %t/mm80.1.ptx %t/mm80.2.ptx %t/mm80.3.ptx %t/mm80.4.ptx %t/mm80.5.ptx %t/mm80.6.ptx %t/mm80.7.ptx; do %ptxas -v -arch=sm_80 $f -o $f.cubin 2>&1; done | FileCheck %s
# RUN: not test -f %t/mm.8.ptx
# CHECK-COUNT-8: 0 bytes spill stores, 0 bytes spill loads
# CHECK-NOT: spill
