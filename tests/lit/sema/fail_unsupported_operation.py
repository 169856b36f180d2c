# RUN: not %tritonc %s -o %t.ptx --signature "*fp32, 16" 2>&1 | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, BLOCK: tl.constexpr):
    # CHECK: [[@LINE+1]]:12: error: static assertion failed [UnsupportedOperation]
    assert BLOCK > 16
    # CHECK: [[@LINE+1]]:12: error: `**` on tensors is not supported; use `tl.dot` or `libdevice.pow` [UnsupportedOperation]
    offs = tl.arange(0, BLOCK) ** 2
    # CHECK: [[@LINE+1]]:12: error: a kernel cannot return a value [UnsupportedOperation]
    return x_ptr
