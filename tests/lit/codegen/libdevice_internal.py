# libdevice's functions are linked internal: once inlined they leave the
# module, and the PTX holds the kernel alone, no unused `.visible .func`
# copies (Liger's DyT left `__nv_tanhf` behind).
# RUN: %tritonc %s --kernel tanh_rows --signature "*fp32:16, *fp32:16, 1024" -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}
# CHECK: .visible .entry tanh_rows(
# CHECK-NOT: .func
import triton
import triton.language as tl
from triton.language.extra.cuda import libdevice


@triton.jit
def tanh_rows(x_ptr, y_ptr, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + offsets, libdevice.tanh(tl.load(x_ptr + offsets)))
