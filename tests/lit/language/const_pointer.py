# A `tl.const` parameter is a pointer the kernel only reads: loads through
# it compile, a store through it (after arithmetic, broadcasting, and inside
# a helper) is refused where Triton refuses it.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %tritonc %s --kernel copied --signature "*fp32:16, *fp32:16" -o %t/ok.ptx --arch sm_90a
# RUN: not %tritonc %s --kernel stored --signature "*fp32, *fp32" -o %t/s.ptx 2>&1 | FileCheck %s --check-prefix=STORED
# RUN: not %tritonc %s --kernel through_helper --signature "*fp32, *fp32" -o %t/h.ptx 2>&1 | FileCheck %s --check-prefix=HELPER
# STORED: const_pointer.py:[[@LINE+15]]:14: error: `tl.store` through a pointer from a `tl.const` parameter
# HELPER: const_pointer.py:[[@LINE+19]]:14: error: `tl.store` through a pointer from a `tl.const` parameter
# HELPER: note: in `write_tile`, called here
import triton
import triton.language as tl


@triton.jit
def copied(src: tl.const, dst):
    offsets = tl.arange(0, 64)
    tl.store(dst + offsets, tl.load(src + offsets) * 2.0)


@triton.jit
def stored(src: tl.const, dst):
    tl.store(src + tl.arange(0, 64), tl.load(dst + tl.arange(0, 64)))


@triton.jit
def write_tile(P, v):
    tl.store(P + tl.arange(0, 8)[:, None] * 8 + tl.arange(0, 8)[None, :], v)


@triton.jit
def through_helper(src: tl.const, dst):
    v = tl.load(dst + tl.arange(0, 8)[:, None] * 8 + tl.arange(0, 8)[None, :])
    write_tile(src, v)
