# `tritonc run` on Triton's numeric helpers: tl.clamp, propagate_nan on
# tl.maximum, tl.div_rn / tl.fdiv, tl.xor_sum, and tl.rand with a seed
# written as a number (tl.to_tensor) against the same seed passed in.
# x = 0..7: clamp to [1, 5] gives 1 1 2 3 4 5 5 5. In `misc`, the NaN-free
# maximum keeps x, the propagating one is NaN (+100), the two rand calls
# agree (+10), xor of 1..8 is 8, and x/4 twice adds x/2: 118 + 1.5x.
# RUN: rm -rf %t && mkdir -p %t
# RUN: python3 %S/Inputs/npy_tool.py write %t/x.npy "<f4" 8 "i"
# RUN: %tritonc run %s --signature "*fp32, *fp32, *fp32, i32" --grid 1 \
# RUN:   --arg x_ptr=%t/x.npy --arg clamp_ptr=zeros:8 --arg misc_ptr=zeros:8 --arg seed=7 \
# RUN:   --out clamp_ptr=%t/clamp.npy --out misc_ptr=%t/misc.npy
# RUN: python3 %S/Inputs/npy_tool.py print %t/clamp.npy | FileCheck --check-prefix=CLAMP %s
# RUN: python3 %S/Inputs/npy_tool.py print %t/misc.npy | FileCheck --check-prefix=MISC %s
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, clamp_ptr, misc_ptr, seed):
    offs = tl.arange(0, 8)
    x = tl.load(x_ptr + offs)
    tl.store(clamp_ptr + offs, tl.clamp(x, 1.0, 5.0))
    nan = x * float("nan")
    keep = tl.maximum(x, nan)
    spread = tl.maximum(x, nan, propagate_nan=tl.PropagateNan.ALL)
    same = (tl.rand(7, offs) == tl.rand(seed, offs)).to(tl.float32)
    xs = tl.xor_sum(offs + 1, 0)
    misc = keep + tl.where(spread != spread, 100.0, 0.0) + same * 10 + xs + tl.div_rn(x, 4.0) + tl.fdiv(x, 4.0)
    tl.store(misc_ptr + offs, misc)

# CLAMP: shape (8,) dtype <f4
# CLAMP-NEXT: 0: 1
# CLAMP-NEXT: 1: 1
# CLAMP-NEXT: 2: 2
# CLAMP-NEXT: 3: 3
# CLAMP-NEXT: 4: 4
# CLAMP-NEXT: 5: 5
# CLAMP-NEXT: 6: 5
# CLAMP-NEXT: 7: 5

# MISC: shape (8,) dtype <f4
# MISC-NEXT: 0: 118
# MISC-NEXT: 1: 119.5
# MISC-NEXT: 2: 121
# MISC-NEXT: 3: 122.5
# MISC-NEXT: 4: 124
# MISC-NEXT: 5: 125.5
# MISC-NEXT: 6: 127
# MISC-NEXT: 7: 128.5
