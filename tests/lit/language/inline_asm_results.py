# `tl.inline_asm_elementwise` with a tuple of dtypes returns a tuple: one
# `inline_asm` op per result, each naming its output among all the asm's
# outputs; LLVM merges the pure calls, so the PTX runs the asm once per
# element (two elements a thread here). With several results the asm must
# be pure (each result is its own call until merged).
# REQUIRES: ptxas
# RUN: %tritonc %S/../../gpu/lang/kernels/inline_asm_results.py --kernel split_and_bump --signature "*i32:16, *i32:16, *i32:16, 256" --emit tir -o - | FileCheck %s --check-prefix=TIR
# RUN: %tritonc %S/../../gpu/lang/kernels/inline_asm_results.py --kernel split_and_bump --signature "*i32:16, *i32:16, *i32:16, 256" -o %t.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# RUN: not %tritonc %s --kernel impure --signature "*i32:16, *i32:16, *i32:16, 128" -o /dev/null 2>&1 | FileCheck %s --check-prefix=IMPURE
# TIR: inline_asm {{.*}}output = 0, output_bits = "32,32"
# TIR: inline_asm {{.*}}output = 1, output_bits = "32,32"
# PTX: shr.u32
# PTX: shr.u32
# PTX-NOT: shr.u32
# IMPURE: error: `tl.inline_asm_elementwise` with several results needs `is_pure=True`
import triton
import triton.language as tl


@triton.jit
def impure(x_ptr, a_ptr, b_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    a, b = tl.inline_asm_elementwise("mov.b32 $0, $2; mov.b32 $1, $2;", "=r,=r,r", [tl.load(x_ptr + offs)],
                                     dtype=(tl.int32, tl.int32), is_pure=False, pack=1)
    tl.store(a_ptr + offs, a)
    tl.store(b_ptr + offs, b)
