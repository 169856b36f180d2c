# Atomics, barriers, assertions, cumsum, umulhi and Python's min/max on
# tensors, down to the tile IR.
# RUN: %tritonc %s --signature "*fp32:16, *i32:16, *u32:16, i32, 64" --emit tir -o - | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, lock_ptr, u_ptr, n, BLOCK: tl.constexpr):
    tl.static_assert(BLOCK % 16 == 0, "BLOCK must be a multiple of 16")
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    # CHECK: scan {{.*}} {axis = 0, kind = "sum"} : tensor<64xf32>
    c = tl.cumsum(x, axis=0)
    # CHECK: maxnumf
    m = max(c, x)
    # CHECK: atomic_rmw {{.*}} {kind = "add"} : tensor<64xf32>
    tl.atomic_add(x_ptr + offs, m, mask=offs < n)
    # CHECK: atomic_cas {{.*}} : i32
    while tl.atomic_cas(lock_ptr, 0, 1) == 1:
        pass
    # CHECK: barrier
    tl.debug_barrier()
    # CHECK: atomic_rmw {{.*}} {kind = "xchg"} : i32
    tl.atomic_xchg(lock_ptr, 0)
    u = tl.load(u_ptr + offs)
    # CHECK: mulhiui {{.*}} : tensor<64xu32>
    tl.store(u_ptr + offs, tl.umulhi(u, 0xCD9E8D57))
    # CHECK: atomic_rmw {{.*}} {kind = "umax"} : tensor<64xu32>
    tl.atomic_max(u_ptr + offs, u)
    tl.device_assert(n > 0, "n must be positive")
