# `tl.static_print` takes Python's print keywords: `sep` and `end` shape
# the line (printed at compile time, to stderr), `file` and `flush` are
# accepted.
# RUN: %tritonc %s --kernel k --signature "*fp32, 7" -o %t.ptx 2>&1 | FileCheck %s
# CHECK: N is|7|3!
# CHECK-NEXT: plain 7
import triton
import triton.language as tl


@triton.jit
def k(X, N: tl.constexpr):
    tl.static_print("N is", N, 3, sep="|", end="!\n", flush=True)
    tl.static_print("plain", N)
    tl.store(X, 1.0)
