# RUN: not %tritonc %s -o %t.ptx --signature "x_ptr=*fp32, n=i32, BLOCKSIZE=1024" 2>&1 | FileCheck %s
import triton
import triton.language as tl


@triton.jit
# CHECK: [[@LINE+1]]:5: error: the signature names `BLOCKSIZE`, which is not a parameter of `k` [UnknownParam]
def k(x_ptr, n, BLOCK: tl.constexpr):
    pass
