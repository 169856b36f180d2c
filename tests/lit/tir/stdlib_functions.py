# Functions of tritonc's standard library (stdlib/standard.py), inlined with
# Triton's definitions: sigmoid = 1 / (1 + exp(-x)); softmax = exp(x - max)
# / sum; zeros_like; cdiv = (x + div - 1) // div, folded on constants
# (`triton.cdiv` too); tensor methods (`x.sigmoid()`) reach them as well.
# RUN: %tritonc %s --signature "*fp32, *fp32, i32, 128" --emit tir --passes= -o - | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    # CHECK: [[X:%[0-9]+]] = load
    # CHECK-NEXT: [[ONE:%[0-9]+]] = constant {value = 1.0} : tensor<128xf32>
    # CHECK-NEXT: [[ONE2:%[0-9]+]] = constant {value = 1.0} : tensor<128xf32>
    # -x is 0 - x, as Triton computes it (so -(+0.0) is +0.0).
    # CHECK-NEXT: [[ZERO:%[0-9]+]] = constant {value = 0.0} : tensor<128xf32>
    # CHECK-NEXT: [[NEG:%[0-9]+]] = subf [[ZERO]], [[X]] : tensor<128xf32>
    # CHECK-NEXT: [[EXP:%[0-9]+]] = math [[NEG]] {fn = "exp"} : tensor<128xf32>
    # CHECK-NEXT: [[DEN:%[0-9]+]] = addf [[ONE2]], [[EXP]] : tensor<128xf32>
    # CHECK-NEXT: [[S:%[0-9]+]] = divf [[ONE]], [[DEN]] : tensor<128xf32>
    s = tl.sigmoid(x)
    # CHECK-NEXT: [[MAX:%[0-9]+]] = reduce [[X]] {axis = 0, kind = "max"} : f32
    # CHECK-NEXT: [[MAXS:%[0-9]+]] = splat [[MAX]] : tensor<128xf32>
    # CHECK-NEXT: [[Z:%[0-9]+]] = subf [[X]], [[MAXS]] : tensor<128xf32>
    # CHECK-NEXT: [[NUM:%[0-9]+]] = math [[Z]] {fn = "exp"} : tensor<128xf32>
    # CHECK-NEXT: [[SUM:%[0-9]+]] = reduce [[NUM]] {axis = 0, kind = "sum"} : f32
    # CHECK-NEXT: [[SUMS:%[0-9]+]] = splat [[SUM]] : tensor<128xf32>
    # CHECK-NEXT: [[P:%[0-9]+]] = divf [[NUM]], [[SUMS]] : tensor<128xf32>
    p = tl.softmax(x)
    # CHECK: subf {{%[0-9]+}}, [[X]]
    m = x.sigmoid()
    # CHECK: [[ZEROS:%[0-9]+]] = constant {value = 0.0} : tensor<128xf32>
    z = tl.zeros_like(x)
    # CHECK-NEXT: [[BLOCK:%[0-9]+]] = constant {value = 128} : i32
    # CHECK-NEXT: [[SUMN:%[0-9]+]] = addi %n, [[BLOCK]] : i32
    # CHECK-NEXT: [[C1:%[0-9]+]] = constant {value = 1} : i32
    # CHECK-NEXT: [[SUB:%[0-9]+]] = subi [[SUMN]], [[C1]] : i32
    # CHECK-NEXT: [[BLOCK2:%[0-9]+]] = constant {value = 128} : i32
    # CHECK-NEXT: divsi [[SUB]], [[BLOCK2]] : i32
    blocks = tl.cdiv(n, BLOCK)
    # Folded: 128 / 16 rounded up.
    # CHECK: constant {value = 8.0} : tensor<128xf32>
    tiles: tl.constexpr = triton.cdiv(BLOCK, 16)
    tl.store(y_ptr + offs, s + p + m + z + blocks + tiles)
