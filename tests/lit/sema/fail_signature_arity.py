# RUN: not %tritonc %s -o %t.ptx --signature "*fp32, i32" 2>&1 | FileCheck %s
import triton
import triton.language as tl


@triton.jit
# CHECK: [[@LINE+3]]:5: error: signature has 2 entries but kernel `k` has 3 parameters without defaults; give one entry per parameter, in order [SignatureArity]
# CHECK-NEXT: def k(x_ptr, n, BLOCK: tl.constexpr):
# CHECK-NEXT: ^
def k(x_ptr, n, BLOCK: tl.constexpr):
    pass
