# Conversions only round to nearest even, and fp8 conversions need sm_89.
# RUN: not %tritonc %s --kernel rtz --signature "*fp32, *fp16" -o %t.ptx 2>&1 | FileCheck %s --check-prefix=RTZ
# RUN: not %tritonc %s --kernel quantize --arch sm_90a,sm_80 --signature "*fp32, *fp8e4nv" -o %t.ptx 2>&1 | FileCheck %s --check-prefix=ARCH
# RUN: %tritonc %s --kernel quantize --arch sm_89 --signature "*fp32, *fp8e4nv" -o %t.ptx
import triton
import triton.language as tl


@triton.jit
def rtz(x_ptr, y_ptr):
    offs = tl.arange(0, 16)
    # RTZ: [[@LINE+1]]:86: error: only `fp_downcast_rounding="rtne"` (round to nearest even, the default) is supported [UnsupportedOperation]
    tl.store(y_ptr + offs, tl.load(x_ptr + offs).to(tl.float16, fp_downcast_rounding="rtz"))


@triton.jit
def quantize(x_ptr, y_ptr):
    offs = tl.arange(0, 16)
    # ARCH: [[@LINE+1]]:28: error: fp8 conversions need sm_89 or newer, but `--arch` includes `sm_80`; drop it or target sm_89, sm_90 or sm_90a [NeedsNewerArch]
    tl.store(y_ptr + offs, tl.load(x_ptr + offs).to(tl.float8e4nv, fp_downcast_rounding="rtne"))
