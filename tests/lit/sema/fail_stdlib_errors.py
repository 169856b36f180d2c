# A mistake that shows inside tritonc's standard library (stdlib/) is the
# caller's: it is reported at the call, with a note at the library line.
# RUN: not %tritonc %s -o %t.ptx --signature "*fp32, i32" 2>&1 | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, n):
    # CHECK: [[@LINE+4]]:9: error: `tl.exp` needs a floating-point tensor, found `i32`; convert it with `.to(tl.float32)` [TypeMismatch]
    # CHECK-NEXT: d = tl.sigmoid(n)
    # CHECK-NEXT: ^~~~~~~~~~~~~
    # CHECK-NEXT: {{.*}}standard.py:{{[0-9]+}}:{{[0-9]+}}: note: in `tl.sigmoid` of tritonc's standard library
    d = tl.sigmoid(n)
    # CHECK: [[@LINE+2]]:9: error: `tl.max` reduces a numeric tensor, found `ptr<f32>` [TypeMismatch]
    # CHECK: {{.*}}standard.py:{{[0-9]+}}:{{[0-9]+}}: note: in `tl.softmax` of tritonc's standard library
    e = tl.softmax(x_ptr)
    # CHECK: [[@LINE+2]]:9: error: static assertion failed [UnsupportedOperation]
    # CHECK: {{.*}}standard.py:{{[0-9]+}}:{{[0-9]+}}: note: in `tl.softmax` of tritonc's standard library
    f = tl.softmax(tl.load(x_ptr + tl.arange(0, 16)), ieee_rounding=True)
    # CHECK: [[@LINE+1]]:9: error: wrong number of arguments to `tl.cdiv`: expected 2, found 1 [WrongArgCount]
    g = tl.cdiv(n)
