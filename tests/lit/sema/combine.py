# tl.reduce and tl.associative_scan with a combine function: one `reduce`
# or `scan` {kind = "combine"} whose region is the function inlined on two
# scalars per input (left side's, then right side's), helpers it calls
# included. The method form is the same call; without an axis the input
# is flattened and reduced once, as Triton does.
# RUN: %tritonc %s --kernel k --signature "*fp32, *i32" --emit tir --passes= -o - | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def square(x):
    return x * x


@triton.jit
def add_squares(a, b):
    return square(a) + b


@triton.jit
def add(a, b):
    return a + b


@triton.jit
def min_with_index(v1, i1, v2, i2):
    if v1 <= v2:
        v, i = v1, i1
    else:
        v, i = v2, i2
    return v, i


@triton.jit
def k(x_ptr, i_ptr):
    r = tl.arange(0, 16)
    c = tl.arange(0, 32)
    # CHECK: [[X:%[0-9]+]] = load {{.*}} : tensor<16x32xf32>
    x = tl.load(x_ptr + r[:, None] * 32 + c[None, :])
    # CHECK-NEXT: [[S:%[0-9]+]] = reduce [[X]] {axis = 1, kind = "combine"} : tensor<16xf32>
    # CHECK-NEXT: { ^([[A:%[0-9]+]]: f32, [[B:%[0-9]+]]: f32):
    # CHECK-NEXT: [[SQ:%[0-9]+]] = mulf [[A]], [[A]] : f32
    # CHECK-NEXT: [[SUM:%[0-9]+]] = addf [[SQ]], [[B]] : f32
    # CHECK-NEXT: yield [[SUM]]
    # CHECK-NEXT: }
    s = tl.reduce(x, 1, add_squares)
    # CHECK-NEXT: [[FLAT:%[0-9]+]] = reshape [[X]] : tensor<512xf32>
    # CHECK-NEXT: [[T0:%[0-9]+]] = reduce [[FLAT]] {axis = 0, kind = "combine"} : f32
    # CHECK-NEXT: { ^([[A0:%[0-9]+]]: f32, [[B0:%[0-9]+]]: f32):
    # CHECK-NEXT: [[C0:%[0-9]+]] = addf [[A0]], [[B0]] : f32
    # CHECK-NEXT: yield [[C0]]
    # CHECK-NEXT: }
    # CHECK-NEXT: splat [[T0]] : tensor<1x1xf32>
    t = x.reduce(None, add, keep_dims=True)
    # CHECK: [[V:%[0-9]+]], [[I:%[0-9]+]] = reduce [[X]], [[IDX:%[0-9]+]] {axis = 0, kind = "combine"} : tensor<32xf32>, tensor<32xi32>
    # CHECK-NEXT: { ^([[V1:%[0-9]+]]: f32, [[I1:%[0-9]+]]: i32, [[V2:%[0-9]+]]: f32, [[I2:%[0-9]+]]: i32):
    # CHECK-NEXT: [[LE:%[0-9]+]] = cmpf [[V1]], [[V2]] {predicate = "ole"} : i1
    # CHECK-NEXT: [[VI:%[0-9]+]], [[II:%[0-9]+]] = if [[LE]] : f32, i32
    # CHECK: yield [[VI]], [[II]]
    # CHECK-NEXT: }
    v, i = tl.reduce((x, r[:, None] + 0 * c[None, :]), 0, min_with_index)
    # CHECK: [[P:%[0-9]+]], [[Q:%[0-9]+]] = scan [[X]], [[X]] {axis = 1, kind = "combine"} : tensor<16x32xf32>, tensor<16x32xf32>
    # CHECK-NEXT: { ^([[PA:%[0-9]+]]: f32, [[QA:%[0-9]+]]: f32, [[PB:%[0-9]+]]: f32, [[QB:%[0-9]+]]: f32):
    # CHECK-NEXT: [[PP:%[0-9]+]] = mulf [[PA]], [[PB]] : f32
    # CHECK-NEXT: [[QP:%[0-9]+]] = mulf [[QA]], [[PB]] : f32
    # CHECK-NEXT: [[QS:%[0-9]+]] = addf [[QP]], [[QB]] : f32
    # CHECK-NEXT: yield [[PP]], [[QS]]
    # CHECK-NEXT: }
    p, q = tl.associative_scan((x, x), 1, linear)
    tl.store(x_ptr + r, s + tl.sum(t, 1) + tl.sum(q, 1))
    tl.store(x_ptr + c, v + tl.sum(p, 0))
    tl.store(i_ptr + c, i)


@triton.jit
def linear(a1, b1, a2, b2):
    return a1 * a2, b1 * a2 + b2
