# Code bases test at import which names their Triton has (`hasattr(tl,
# "gather")`) and define a fallback for the rest; tritonc answers for
# Triton's own modules as Triton 3.6 would, so the branch taken is the one
# Python takes. `triton.next_power_of_2` is a host helper Triton calls on
# compile-time integers inside kernels.
# RUN: rm -rf %t && mkdir -p %t
# RUN: python3 %S/../interp/Inputs/npy_tool.py write %t/x.npy "<f4" 16 "float(i)"
# RUN: %tritonc run %s --kernel pick_row --signature "*fp32, *fp32, 12" --grid 1 --arg x_ptr=%t/x.npy --arg o_ptr=zeros:16 --out o_ptr=%t/o.npy
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/o.npy | FileCheck %s
# RUN: not %tritonc %s --kernel asks_a_user_object --signature "*fp32" -o %t/bad.ptx 2>&1 | FileCheck %s --check-prefix=BAD
# The gathered row is row 3 of the 4x4 tile, in every row; the width is
# next_power_of_2(12) = 16 lanes of which the first 12 are stored.
# CHECK: 0: 12.0
# CHECK: 3: 15.0
# CHECK: 4: 12.0
# CHECK: 11: 15.0
# CHECK: 12: 0.0
# BAD: error: `hasattr` of {{.*}} must be a compile-time constant{{.*}}give the result with `--host-value` [NotConstexpr]
import triton
import triton.language as tl

HAS_GATHER = hasattr(triton.language, "gather")
HAS_NOTHING = hasattr(tl, "no_such_function")
HAS_AUTOTUNE = hasattr(triton, "autotune")
# In Triton 3.6's tl.__all__ though tritonc refuses its use: still there,
# so code that guards on it takes Triton's branch.
HAS_TARGET_INFO = hasattr(tl, "target_info")

if not HAS_GATHER:
    @triton.jit
    def gather(src, index, axis):
        return None
else:
    gather = tl.gather

if HAS_NOTHING:
    ROW = 0
else:
    ROW = 3


@triton.jit
def pick_row(x_ptr, o_ptr, N: tl.constexpr):
    WIDTH: tl.constexpr = triton.next_power_of_2(N)
    tl.static_assert(WIDTH == 16)
    tl.static_assert(HAS_AUTOTUNE)
    tl.static_assert(HAS_TARGET_INFO)
    x = tl.load(x_ptr + tl.arange(0, 4)[:, None] * 4 + tl.arange(0, 4)[None, :])
    rows = gather(x, tl.full([4, 4], ROW, tl.int32), axis=0)
    flat = tl.reshape(rows, [WIDTH])
    offs = tl.arange(0, WIDTH)
    tl.store(o_ptr + offs, flat, mask=offs < N)


@triton.jit
def asks_a_user_object(o_ptr):
    tl.store(o_ptr, 1.0 if hasattr(o_ptr, "dtype") else 0.0)
