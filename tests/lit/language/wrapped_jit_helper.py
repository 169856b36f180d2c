# A helper whose `@triton.jit` sits under another decorator: only Python
# knows what that decorator bound the name to (FlagGems' `@use_tl_extra`
# swaps in libdevice's function of the same name, its `@pointwise_dynamic`
# keeps the function in a wrapper), so tritonc refuses it rather than
# compile the body as written, until `--host-value` says which.
# RUN: rm -rf %t && mkdir -p %t
# RUN: not %tritonc %s -I %S/Inputs --signature "*fp32, *fp32" -o %t/k.ptx 2>&1 | FileCheck %s --check-prefix=REFUSED
# RUN: %tritonc %s -I %S/Inputs --signature "*fp32, *fp32" -o %t/lib.ptx --host-value wrapped_helpers.halves=libdevice.div_rn
# RUN: FileCheck %s --check-prefix=LIBDEVICE < %t/lib.ptx
# RUN: python3 %S/../interp/Inputs/npy_tool.py write %t/x.npy "<f4" 16 "float(i + 1)"
# RUN: %tritonc run %s -I %S/Inputs --signature "*fp32, *fp32" --grid 1 --host-value halves=triton.jit \
# RUN:   --arg x_ptr=%t/x.npy --arg o_ptr=zeros:16 --out o_ptr=%t/o.npy
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/o.npy | FileCheck %s --check-prefix=WRITTEN
# RUN: not %tritonc %s -I %S/Inputs --signature "*fp32, *fp32" -o %t/k.ptx --host-value other=triton.jit 2>&1 \
# RUN:   | FileCheck %s --check-prefix=REFUSED
# REFUSED: wrapped_jit_helper.py:[[@LINE+15]]:25: error: `halves` is bound by `@swap_for_library` around a `@triton.jit` function at line 9 of `{{.*}}wrapped_helpers.py`, host code that tritonc skips
# LIBDEVICE: div.rn{{(.ftz)?}}.f32
# LIBDEVICE-NOT: cvt.rmi
# WRITTEN: 0: 3.0
# WRITTEN-NEXT: 1: 1.0
# WRITTEN: 4: 1.0
# WRITTEN-NEXT: 5: 0.0
import triton
import triton.language as tl
from wrapped_helpers import halves


@triton.jit
def k(x_ptr, o_ptr):
    r = tl.arange(0, 16)
    tl.store(o_ptr + r, halves(2.5, tl.load(x_ptr + r)))
