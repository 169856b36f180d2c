# Shape builtins down to the tile IR (no passes, so each call shows):
# tl.trans / x.T / tl.permute / x.trans(...) as `trans`, tl.reshape /
# x.reshape / tl.view / tl.ravel as `reshape`, tl.expand_dims (an axis, a
# tuple with a negative axis, a scalar) and tl.broadcast_to (a tensor, a
# scalar). Dims and shapes come as separate arguments or as one tuple.
# RUN: %tritonc %s --signature "*fp32, *fp32, fp32, 16" --emit tir --passes= -o - | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr, s, BLOCK: tl.constexpr):
    r = tl.arange(0, BLOCK)
    c = tl.arange(0, 2 * BLOCK)
    # CHECK: [[X:%[0-9]+]] = load {{.*}} : tensor<16x32xf32>
    x = tl.load(x_ptr + r[:, None] * 2 * BLOCK + c[None, :])
    # CHECK-NEXT: trans [[X]] {order = [1, 0]} : tensor<32x16xf32>
    # CHECK-NEXT: trans [[X]] {order = [1, 0]} : tensor<32x16xf32>
    # CHECK-NEXT: trans [[X]] {order = [1, 0]} : tensor<32x16xf32>
    # CHECK-NEXT: trans [[X]] {order = [1, 0]} : tensor<32x16xf32>
    t = tl.trans(x)
    tt = x.T
    p = tl.permute(x, (1, 0))
    m = x.trans(1, 0)
    # CHECK-NEXT: reshape [[X]] : tensor<512xf32>
    # CHECK-NEXT: reshape [[X]] : tensor<32x16xf32>
    # CHECK-NEXT: reshape [[X]] : tensor<512xf32>
    # CHECK-NEXT: reshape [[X]] : tensor<512xf32>
    f = tl.reshape(x, 2 * BLOCK * BLOCK)
    v = x.reshape(2 * BLOCK, BLOCK)
    w = tl.view(x, (BLOCK * BLOCK * 2,))
    rv = tl.ravel(x)
    # CHECK-NEXT: [[E:%[0-9]+]] = expand_dims [[R:%[0-9]+]] {axis = 1} : tensor<16x1xi32>
    # CHECK-NEXT: [[E0:%[0-9]+]] = expand_dims [[R]] {axis = 0} : tensor<1x16xi32>
    # CHECK-NEXT: expand_dims [[E0]] {axis = 2} : tensor<1x16x1xi32>
    # CHECK-NEXT: splat %s : tensor<1xf32>
    e = tl.expand_dims(r, 1)
    e2 = r.expand_dims((0, -1))
    es = tl.expand_dims(s, 0)
    # CHECK-NEXT: broadcast [[E]] : tensor<16x32xi32>
    # CHECK-NEXT: splat %s : tensor<16x32xf32>
    bt = tl.broadcast_to(e, (BLOCK, 2 * BLOCK))
    bs = tl.broadcast_to(s, BLOCK, 2 * BLOCK)
    out = t + tt + p + m + v + tl.reshape(f + w + rv, 2 * BLOCK, BLOCK)
    tl.store(y_ptr + c[:, None] * BLOCK + r[None, :], out)
    tl.store(y_ptr + r[:, None] * 2 * BLOCK + c[None, :], bt + bs + tl.sum(e2, 0) + es)
