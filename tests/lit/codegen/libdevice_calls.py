# `libdevice.NAME` resolves to the symbol libdevice has for the operands'
# kind, as Triton's libdevice module maps it (div_rn on fp32 is
# __nv_fdiv_rn, clz on int64 __nv_clzll, mulhi on int64 __nv_mul64hi), and
# every call is linked in: the PTX declares no external function. A name
# libdevice lacks is diagnosed, not passed on to fail in ptxas.
# RUN: %tritonc %s --kernel calls -o - --signature "*fp32:16, *fp32:16, *i64:16, *fp32:16" | FileCheck %s
# RUN: %tritonc %s --kernel calls -o - --emit llvm --signature "*fp32:16, *fp32:16, *i64:16, *fp32:16" | FileCheck --check-prefix=IR %s
# RUN: not %tritonc %s --kernel unknown -o - --signature "*fp32:16, *fp32:16" 2>&1 | FileCheck --check-prefix=BAD %s
# RUN: not %tritonc %s --kernel no_int64_form -o - --signature "*i64:16, *fp32:16" 2>&1 | FileCheck --check-prefix=NOFORM %s
import triton
import triton.language as tl
from triton.language.extra import libdevice


@triton.jit
def calls(x_ptr, y_ptr, n_ptr, out_ptr):
    offs = tl.arange(0, 128)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    n = tl.load(n_ptr + offs)
    exact = libdevice.div_rn(x, y) + libdevice.fma_rn(x, y, x)
    bits = libdevice.clz(n) + libdevice.isnan(x)
    high = libdevice.mulhi(n, n)
    tl.store(out_ptr + offs, exact + bits.to(tl.float32) + high.to(tl.float32) + libdevice.ldexp(x, 3))


@triton.jit
def unknown(x_ptr, out_ptr):
    offs = tl.arange(0, 128)
    tl.store(out_ptr + offs, libdevice.no_such_function(tl.load(x_ptr + offs)))


@triton.jit
def no_int64_form(n_ptr, out_ptr):
    offs = tl.arange(0, 128)
    tl.store(out_ptr + offs, libdevice.byte_perm(tl.load(n_ptr + offs), 1, 2).to(tl.float32))

# CHECK-NOT: .extern
# CHECK: .entry calls
# CHECK-NOT: .extern
# CHECK-NOT: {{^[[:space:]]+call(\.uni)? }}

# After linking (libdevice's fp32 functions in their flush-to-zero forms):
# IR-NOT: declare {{.*}}@__nv_
# IR-DAG: call float @llvm.nvvm.div.rn.ftz.f(
# IR-DAG: call float @llvm.nvvm.fma.rn.ftz.f(
# IR-DAG: call {{.*}}i64 @llvm.ctlz.i64(
# IR-DAG: call i64 @llvm.nvvm.mulhi.ll(

# BAD: libdevice_calls.py:30:30: error: libdevice has no `no_such_function` taking 1 float32 operand
# BAD-NEXT: {{.*}}libdevice.no_such_function
# BAD-NEXT: {{ *}}^~~

# NOFORM: error: libdevice has no `byte_perm` taking 3 int64 operands
