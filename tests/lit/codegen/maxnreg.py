# --maxnreg N caps the registers per thread (PTX .maxnreg, as Triton's
# `maxnreg`), beside the exact thread count; without it ptxas decides.
# Out of range (16..255) is a usage error.
# RUN: %tritonc %s -o - --signature "*fp32:16, *fp32:16, 1024" --num-warps 8 --maxnreg 128 | FileCheck --check-prefix=CAP %s
# RUN: %tritonc %s -o - --signature "*fp32:16, *fp32:16, 1024" | FileCheck --check-prefix=FREE %s
# RUN: not %tritonc %s -o - --signature "*fp32:16, *fp32:16, 1024" --maxnreg 8 2>&1 | FileCheck --check-prefix=BAD %s
import triton
import triton.language as tl


@triton.jit
def scale(x_ptr, y_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs) * 2.0)

# CAP: .reqntid 256
# CAP-NEXT: .maxnreg 128
# FREE-NOT: .maxnreg
# BAD: --maxnreg: Value 8 not in range 16 to 255
