# A module-level constant computed by a plain Python function has the value
# Python gives it: `FAST = tl.constexpr(_enabled())` is True, so the kernel
# stores i + 1. tritonc once bound such a name to None (the helper's
# `return` was read as a kernel's), compiled the other branch and exited 0.
# A function tritonc cannot evaluate leaves the name host-only: an error
# where a kernel reads it, never None.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %tritonc run %s --kernel store_rows --signature "*fp32" --grid 1 --arg x_ptr=zeros:16 --out x_ptr=%t/x.npy
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/x.npy | FileCheck %s --check-prefix=VALUES
# RUN: %tritonc %s --kernel arange_of_width --signature "*fp32:16" -o %t/w.ptx
# RUN: not %tritonc %s --kernel uses_host_text --signature "*fp32:16" -o %t/h.ptx 2>&1 | FileCheck %s --check-prefix=HOST
# VALUES: 0: 1
# VALUES: 15: 16
# HOST: error: module-level `PREFIX` must be a compile-time constant; {{.*}}`--host-value PREFIX=...` [NotConstexpr]
# HOST-NOT: None
import triton
import triton.language as tl


def _enabled():
    return True


def _twice(n):
    return n * 2


def _joined(parts):
    return "-".join(str(p) for p in parts)


FAST = tl.constexpr(_enabled())
WIDTH: tl.constexpr = tl.constexpr(_twice(8))
PREFIX = _joined([1, 2])


@triton.jit
def store_rows(x_ptr):
    offs = tl.arange(0, 16)
    if FAST:
        tl.store(x_ptr + offs, offs.to(tl.float32) + 1.0)
    else:
        tl.store(x_ptr + offs, offs.to(tl.float32) * 0.0)


@triton.jit
def arange_of_width(x_ptr):
    offs = tl.arange(0, WIDTH)
    tl.store(x_ptr + offs, offs.to(tl.float32))


@triton.jit
def uses_host_text(x_ptr):
    if PREFIX == "1-2":
        tl.store(x_ptr, 1.0)
