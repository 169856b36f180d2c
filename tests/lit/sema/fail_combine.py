# tl.reduce and tl.associative_scan: the input is a tensor or a tuple of
# tensors of one shape; combine_fn is a `@triton.jit` function taking two
# scalars per input (the left operand's, then the right's) and returning
# one per input in that input's type; it only computes.
# RUN: not %tritonc %s -o %t.ptx --kernel k --signature "*fp32, *i32, i32" 2>&1 | FileCheck %s
# RUN: not %tritonc %s -o %t.ptx --kernel k --signature "*fp32, *i32, i32" 2>&1 | FileCheck %s --check-prefix=BODY
import triton
import triton.language as tl


def host_add(a, b):
    return a + b


@triton.jit
def add(a, b):
    return a + b


@triton.jit
def add3(a, b, c):
    return a + b + c


@triton.jit
def widen(a, b):
    return (a + b).to(tl.float64)


@triton.jit
def pair_max(v1, i1, v2, i2):
    return tl.maximum(v1, v2)


@triton.jit
def store_in_combine(a, b):
    # BODY: [[@LINE+1]]:5: error: `tl.store` in the combine function of `tl.reduce`; a combine function only computes on its arguments [UnsupportedOperation]
    tl.store(a, b)
    return a + b


@triton.jit
def k(x_ptr, i_ptr, n):
    offs = tl.arange(0, 16)
    x = tl.load(x_ptr + offs)
    i = tl.load(i_ptr + offs)
    # CHECK: [[@LINE+1]]:25: error: the `combine_fn` of `tl.reduce` must be a `@triton.jit` function; found the function `tl.maximum` [CombineNotFunction]
    a = tl.reduce(x, 0, tl.maximum)
    # CHECK: [[@LINE+1]]:25: error: the `combine_fn` of `tl.reduce` must be a `@triton.jit` function; found the constant `3` [CombineNotFunction]
    b = tl.reduce(x, 0, 3)
    # CHECK: [[@LINE+1]]:25: error: `host_add` is a plain Python function; kernels can call only `@triton.jit` functions [UnsupportedOperation]
    c = tl.reduce(x, 0, host_add)
    # CHECK: [[@LINE+1]]:41: error: combine function `add3` takes 3 parameters, but `tl.reduce` passes it 2 scalars: one per input from the left operand, then one per input from the right [CombineArity]
    d = tl.reduce(x, axis=0, combine_fn=add3)
    # CHECK: [[@LINE+1]]:40: error: combine function `add` takes 2 parameters, but `tl.associative_scan` passes it 4 scalars: one per input from the left operand, then one per input from the right [CombineArity]
    e = tl.associative_scan((x, i), 0, add)
    # CHECK: [[@LINE+1]]:21: error: combine function `widen` must return one `f32` scalar, one per input in the input's type; found `f64` [CombineResult]
    f = x.reduce(0, widen)
    # CHECK: [[@LINE+1]]:33: error: combine function `pair_max` must return a tuple of 2 scalars (`f32`, `i32`), one per input in the input's type; found `f32` [CombineResult]
    g, h = tl.reduce((x, i), 0, pair_max)
    # CHECK: [[@LINE+1]]:19: error: the inputs of `tl.reduce` must have one shape; found `tensor<16xf32>` and `tensor<32xi32>` [TypeMismatch]
    p = tl.reduce((x, tl.arange(0, 32)), 0, add)
    # CHECK: [[@LINE+1]]:19: error: `tl.reduce` combines numeric tensors, found `i32` [TypeMismatch]
    q = tl.reduce(n, 0, add)
    # CHECK: [[@LINE+1]]:32: error: `axis` 1 is out of range for a tensor of rank 1 [TypeMismatch]
    s = tl.associative_scan(x, 1, add)
    # BODY: [[@LINE+1]]:9: note: in `store_in_combine`, called here
    u = tl.reduce(x, 0, store_in_combine)
    # CHECK: [[@LINE+1]]:32: error: `axis` must be a compile-time constant; found `i32` [NotConstexpr]
    v = tl.associative_scan(x, n, add)
