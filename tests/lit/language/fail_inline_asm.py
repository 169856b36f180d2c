# Inline assembly takes one constraint per register: the result's, then
# each argument's (narrow elements packed up to 32 bits a register).
# RUN: not %tritonc %s -o %t.ptx --signature "*fp32, *u8" 2>&1 | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, b_ptr):
    offs = tl.arange(0, 128)
    x = tl.load(x_ptr + offs)
    # CHECK: [[@LINE+1]]:58: error: 2 constraints for 3 registers (the result's, then each argument's, with `pack` 1) [TypeMismatch]
    y = tl.inline_asm_elementwise("max.f32 $0, $1, $2;", "=r,r", [x, x], dtype=tl.float32, is_pure=True, pack=1)
    b = tl.load(b_ptr + offs)
    # CHECK: [[@LINE+1]]:57: error: 3 constraints for 2 registers (the result's, then each argument's, with `pack` 4) [TypeMismatch]
    c = tl.inline_asm_elementwise("add.u32 $0, $1, 1;", "=r,r,r", [b], dtype=tl.uint8, is_pure=True, pack=4)
