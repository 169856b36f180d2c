# `maxnreg=` in a triton.Config caps that configuration's registers (PTX
# .maxnreg) and is part of its label; a configuration without it is left
# to ptxas, or to `--maxnreg` when the command line gives one. A cap
# outside 16..255 is refused where it is written.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %tritonc %s --kernel capped -o %t/k.ptx --header %t/k.h --signature "*fp32:16, *fp32:16, i32" --ptxas=
# RUN: FileCheck %s --check-prefix=FIRST < %t/k.ptx
# RUN: FileCheck %s --check-prefix=SECOND < %t/k.1.ptx
# RUN: FileCheck %s --check-prefix=META < %t/k.json
# RUN: %tritonc %s --kernel capped -o %t/c.ptx --signature "*fp32:16, *fp32:16, i32" --ptxas= --maxnreg 64
# RUN: FileCheck %s --check-prefix=CLI < %t/c.1.ptx
# RUN: not %tritonc %s --kernel too_many -o %t/t.ptx --signature "*fp32:16, *fp32:16, i32" 2>&1 | FileCheck %s --check-prefix=BAD
import triton
import triton.language as tl


@triton.autotune(configs=[triton.Config({"BLOCK": 128}, num_warps=4, maxnreg=128),
                          triton.Config({"BLOCK": 256}, num_warps=8)], key=["n"])
@triton.jit
def capped(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=m) * 2.0, mask=m)

# FIRST: .reqntid 128
# FIRST-NEXT: .maxnreg 128
# SECOND: .reqntid 256
# SECOND-NOT: .maxnreg
# META: "label": "BLOCK=128, num_warps=4, num_stages=3, maxnreg=128"
# META: "label": "BLOCK=256, num_warps=8, num_stages=3"
# CLI: .reqntid 256
# CLI-NEXT: .maxnreg 64


# BAD: [[@LINE+1]]:78: error: configuration 1 of `@triton.autotune` is a `maxnreg=` that is not an integer from 16 to 255
@triton.autotune(configs=[triton.Config({"BLOCK": 128}, num_warps=4, maxnreg=300)], key=["n"])
@triton.jit
def too_many(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs))
