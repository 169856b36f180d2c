# A comprehension is host Python: a module-level constant may be computed
# with one, but a plain helper called from a kernel is compiled with the
# kernel, and there it is refused, as in the kernel itself.
# RUN: not %tritonc %s --signature "*fp32:16" -o %t.ptx 2>&1 | FileCheck %s
# CHECK: [[@LINE+7]]:12: error: `[x for ...]` is a Python construct that kernels cannot use; write a loop instead [UnsupportedConstruct]
# CHECK: note: in `_doubled`, called here
import triton
import triton.language as tl


def _doubled(n):
    return [i * 2 for i in range(n)]


@triton.jit
def k(x_ptr):
    tl.store(x_ptr, _doubled(4)[1])
