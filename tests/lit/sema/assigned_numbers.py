# A plain assignment in kernel code makes a Python number a 0-d tensor, as
# Triton's code generator does: it promotes as a tensor (int8 + int32 is
# int32, fp16 * fp32 is fp32), `1 << 31` is uint32, and folding it uses the
# tensor's arithmetic (division truncates). A `tl.constexpr` annotation, a
# parameter, and assignments inside a function Triton runs in Python keep
# the Python number, which takes the tile's type.
# RUN: %tritonc %s --signature "*i8:16, *fp16:16, *i32:16, 64" --emit tir -o - | FileCheck %s
import triton
import triton.language as tl


@tl.constexpr
def python_number():
    n = 100
    return n


@triton.jit
def kernel(x_ptr, h_ptr, o_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    h = tl.load(h_ptr + offs)
    # CHECK: %[[X:.*]] = load {{.*}} : tensor<64xi8>
    # CHECK: %[[H:.*]] = load {{.*}} : tensor<64xf16>
    a = 100
    # CHECK: %[[XW:.*]] = extsi %[[X]] : tensor<64xi32>
    # CHECK: addi %[[XW]], {{.*}} : tensor<64xi32>
    wide = x + a
    # `max` of a held number is tl.maximum: a tensor again.
    # CHECK: constant {value = 500} : tensor<64xi32>
    # CHECK-NEXT: addi %[[XW]], {{.*}} : tensor<64xi32>
    wide_max = x + max(a, 500)
    C: tl.constexpr = 100
    # CHECK: addi %[[X]], {{.*}} : tensor<64xi8>
    narrow = x + C
    # CHECK: subi %[[X]], {{.*}} : tensor<64xi8>
    from_python = x - python_number()
    scale = 0.5
    # CHECK: %[[HW:.*]] = extf %[[H]] : tensor<64xf32>
    # CHECK: mulf %[[HW]], {{.*}} : tensor<64xf32>
    scaled = h * scale
    top = 1 << 31
    # CHECK: constant {value = 2147483648} : tensor<64xu32>
    # CHECK: andi {{.*}} : tensor<64xu32>
    high = x & top
    n = N
    # CHECK: constant {value = 64} : i32
    # CHECK-NEXT: trunci {{.*}} : i8
    as_byte = n.to(tl.int8)
    m = -7
    # -7 // 2 truncates to -3 and -7 % 2 is -1, as the tensors' divsi/remsi
    # CHECK: constant {value = -31} : tensor<64xi32>
    folded = (m // 2) * 10 + m % 2
    tl.store(o_ptr + offs, wide + wide_max + narrow + from_python + scaled.to(tl.int32) + high.to(tl.int32) + folded + as_byte)
