# A `@jit` function that calls itself, directly or through others, cannot
# be inlined; the notes follow the chain of calls back to the kernel.
# RUN: not %tritonc %s -o %t.ptx --kernel direct --signature "*fp32, i32" 2>&1 | FileCheck %s --check-prefix=DIRECT
# RUN: not %tritonc %s -o %t.ptx --kernel mutual --signature "*fp32, i32" 2>&1 | FileCheck %s --check-prefix=MUTUAL
import triton
import triton.language as tl


@triton.jit
def fact(n):
    # DIRECT: [[@LINE+1]]:16: error: `fact` calls itself; tritonc inlines every call, so write the recursion as a loop [Recursion]
    return n * fact(n - 1)


@triton.jit
def direct(x_ptr, n):
    # DIRECT: [[@LINE+1]]:21: note: in `fact`, called here
    tl.store(x_ptr, fact(n))


@triton.jit
def pong(n):
    # MUTUAL: [[@LINE+1]]:12: error: `ping` calls itself through `pong`; tritonc inlines every call, so write the recursion as a loop [Recursion]
    return ping(n) + 1


@triton.jit
def ping(n):
    # MUTUAL: [[@LINE+1]]:12: note: in `pong`, called here
    return pong(n)


@triton.jit
def mutual(x_ptr, n):
    # MUTUAL: [[@LINE+1]]:21: note: in `ping`, called here
    tl.store(x_ptr, ping(n))
