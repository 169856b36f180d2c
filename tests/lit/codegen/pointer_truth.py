# A pointer parameter as a condition (`if dW:`, FlagGems' optional
# outputs) is true when it is not null: the compare is against a null
# pointer constant, which once reached LLVM as an integer (an internal
# error on `icmp` operand types).
# REQUIRES: ptxas
# RUN: %tritonc %s --signature "*fp32:16, *fp32:16, *fp32:16, 128" -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin
# The interpreter takes a buffer's pointer as true (buffer 0 included: its
# pointers are not the null pointer's bits).
# RUN: python3 %S/../interp/Inputs/npy_tool.py write %t.x.npy "<f4" 128 "i / 4.0"
# RUN: %tritonc run %s --signature "*fp32:16, *fp32:16, *fp32:16, 128" --grid 1 --arg x_ptr=%t.x.npy --arg sum_ptr=zeros:1 --arg max_ptr=zeros:1 --out sum_ptr=%t.sum.npy --out max_ptr=%t.max.npy
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t.sum.npy | FileCheck %s --check-prefix=SUM
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t.max.npy | FileCheck %s --check-prefix=MAX
# CHECK: setp.{{eq|ne}}.{{b|s|u}}64 {{%p[0-9]+}}, {{%rd[0-9]+}}, 0;
# SUM: 2032
# MAX: 31.75
import triton
import triton.language as tl


@triton.jit
def optional_outputs(x_ptr, sum_ptr, max_ptr, N: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, N))
    if sum_ptr:
        tl.store(sum_ptr, tl.sum(x, axis=0))
    if max_ptr:
        tl.store(max_ptr, tl.max(x, axis=0))
