# RUN: not %tritonc %s -o %t.ptx --signature "*fp32, i32" 2>&1 | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, n):
    offs = tl.arange(0, 16)
    # CHECK: [[@LINE+1]]:46: error: cache modifier `ca` is not one of `.ca`, `.cg`, `.cv` [TypeMismatch]
    x = tl.load(x_ptr + offs, cache_modifier="ca")
    # CHECK: [[@LINE+1]]:48: error: cache modifier `.ca` is not one of `.wb`, `.cg`, `.cs`, `.wt` [TypeMismatch]
    tl.store(x_ptr + offs, 1.0, cache_modifier=".ca")
    # CHECK: [[@LINE+1]]:47: error: eviction policy `evict_normal` is not one of `evict_first`, `evict_last` [TypeMismatch]
    y = tl.load(x_ptr + offs, eviction_policy="evict_normal")
    # CHECK: [[@LINE+1]]:40: error: `volatile` must be a compile-time constant; give `True` or `False` [NotConstexpr]
    z = tl.load(x_ptr + offs, volatile=n > 0)
