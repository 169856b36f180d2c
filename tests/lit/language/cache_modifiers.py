# Triton's cache modifiers are spelled with their dot; PTX takes one cache
# operator or one eviction priority per access, and a volatile load neither.
# An eviction priority also applies to L2 through a cache policy operand,
# as in Triton's PTX.
# RUN: %tritonc %s -o %t.ptx --signature "*fp32, *fp32, i32, 128"
# RUN: FileCheck %s < %t.ptx
# RUN: %tritonc %s -o %t.sm80.ptx --arch sm_80 --signature "*fp32, *fp32, i32, 128"
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}
# RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.sm80.ptx -o %t.sm80.cubin %}
# CHECK: ld.global.ca.b32
# CHECK: ld.global.cg.b32
# CHECK: createpolicy.fractional.L2::evict_last.b64 [[LAST:%rd[0-9]+]], 1.0;
# CHECK: ld.global.L1::evict_last.L2::cache_hint.b32 {{%r[0-9]+}}, [ {{%rd[0-9]+}} + 0 ], [[LAST]];
# CHECK: ld.volatile.global.b32
# CHECK: st.global.cs.b32
# CHECK: st.global.wt.b32
# CHECK: createpolicy.fractional.L2::evict_first.b64 [[FIRST:%rd[0-9]+]], 1.0;
# CHECK: st.global.L1::evict_first.L2::cache_hint.b32 [ {{%rd[0-9]+}} + 0 ], {{%r[0-9]+}}, [[FIRST]];
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, o_ptr, n, N: tl.constexpr):
    offs = tl.arange(0, N)
    m = offs < n
    a = tl.load(x_ptr + offs, mask=m, cache_modifier=".ca")
    b = tl.load(x_ptr + offs + n, mask=m, cache_modifier=".cg", eviction_policy="evict_first")
    c = tl.load(x_ptr + offs + 2 * n, mask=m, eviction_policy="evict_last")
    d = tl.load(x_ptr + offs + 3 * n, mask=m, cache_modifier=".cv", volatile=True)
    tl.store(o_ptr + offs, a, mask=m, cache_modifier=".cs")
    tl.store(o_ptr + offs + n, b + c, mask=m, cache_modifier=".wt")
    tl.store(o_ptr + offs + 2 * n, d, mask=m, eviction_policy="evict_first")
