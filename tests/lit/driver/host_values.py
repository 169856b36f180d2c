# `--host-value NAME=VALUE` gives a module-level name that only Python code
# computes (an inline-asm string built by a function, say) the value the
# host computed: bare, or qualified by its module; the value is written as a
# constexpr in --signature is. Without it the refusal says how to give it.
# RUN: rm -rf %t && mkdir -p %t
# RUN: not %tritonc %s -I %S/Inputs --kernel scaled_copy --signature "*fp32, *fp32" -o %t/none.ptx 2>&1 | FileCheck %s --check-prefix=NONE
# RUN: %tritonc %s -I %S/Inputs --kernel scaled_copy --signature "*fp32:16, *fp32:16" -o %t/k.ptx --host-value 'hostvals.asm_text.COPY_ASM="mov.b32 $0, $1;"' --host-value SCALE=2.5
# RUN: FileCheck %s --check-prefix=PTX < %t/k.ptx
# RUN: python3 %S/../interp/Inputs/npy_tool.py write %t/x.npy "<f4" 128 "float(i)"
# RUN: %tritonc run %s -I %S/Inputs --kernel scaled --signature "*fp32, *fp32" --grid 1 --host-value SCALE=2.5 --arg x_ptr=%t/x.npy --arg o_ptr=zeros:128 --out o_ptr=%t/o.npy
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/o.npy | FileCheck %s --check-prefix=VALUES
# RUN: not %tritonc %s -I %S/Inputs --kernel scaled --signature "*fp32, *fp32" -o %t/bad.ptx --host-value 'SCALE' 2>&1 | FileCheck %s --check-prefix=BAD
# NONE: error: `COPY_ASM` is bound by an assignment of a value that is not a constant at line 7 of `{{.*}}asm_text.py`, host code that tritonc skips; {{.*}} or a value given with `--host-value` [HostOnlyName]
# PTX: mov.b32
# VALUES: 3: 7.5
# BAD: error: `--host-value SCALE` needs NAME=VALUE
import triton
import triton.language as tl
from hostvals.asm_text import COPY_ASM, SCALE


@triton.jit
def scaled_copy(x_ptr, o_ptr):
    offs = tl.arange(0, 128)
    x = tl.load(x_ptr + offs)
    y = tl.inline_asm_elementwise(COPY_ASM, "=r,r", [x], dtype=tl.float32, is_pure=True, pack=1)
    tl.store(o_ptr + offs, y * SCALE)


@triton.jit
def scaled(x_ptr, o_ptr):
    offs = tl.arange(0, 128)
    tl.store(o_ptr + offs, tl.load(x_ptr + offs) * SCALE)
