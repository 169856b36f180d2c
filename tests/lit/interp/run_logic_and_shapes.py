# `tritonc run` on conditional expressions, logical operators and shape
# builtins. x = 0..7 in a buffer of 8 and n = 5: the load at x_ptr + 100
# sits on the side not taken, so it must not run (the interpreter would
# report it out of bounds); `n > 4 and not n > 6` holds, so d = x;
# e = x where offs < 5 or offs == 7; ~offs = -offs - 1; and the transposed
# 2x4 reshape reads x as 0, 4, 1, 5, 2, 6, 3, 7.
# RUN: rm -rf %t && mkdir -p %t
# RUN: python3 %S/Inputs/npy_tool.py write %t/x.npy "<f4" 8 "i"
# RUN: %tritonc run %s --signature "*fp32, *fp32, i32" --grid 1 \
# RUN:   --arg x_ptr=%t/x.npy --arg y_ptr=zeros:8 --arg n=5 --out y_ptr=%t/y.npy
# RUN: python3 %S/Inputs/npy_tool.py print %t/y.npy | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr, n):
    offs = tl.arange(0, 8)
    x = tl.load(x_ptr + offs)
    c = tl.load(x_ptr + 100) if n > 200 else 0.5
    d = x if (n > 4 and not n > 6) else -x
    e = tl.where((offs < n) or (offs == 7), x, 0.0)
    t = tl.trans(tl.reshape(x, (2, 4))).reshape(8)
    tl.store(y_ptr + offs, d + c + e + (~offs).to(tl.float32) + t)

# CHECK: shape (8,) dtype <f4
# CHECK-NEXT: 0: -0.5
# CHECK-NEXT: 1: 4.5
# CHECK-NEXT: 2: 2.5
# CHECK-NEXT: 3: 7.5
# CHECK-NEXT: 4: 5.5
# CHECK-NEXT: 5: 5.5
# CHECK-NEXT: 6: 2.5
# CHECK-NEXT: 7: 13.5
