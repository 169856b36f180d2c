# Block pointers down to the tile IR (no passes): each access is a pointer
# tile built along each dim (offset + arange, widened to i64, times the
# stride unless it is a literal 1), masked by 0 <= offs < shape on the dims
# of `boundary_check`, padded with 0 or NaN; a load's pointers pass
# through `window_pointers`. A loop carries only the
# offset `tl.advance` changes, and an `if` yields only the field its
# branches set differently.
# RUN: %tritonc %s --signature "*fp32, *fp32, i32, i32, i32, 8, 16, 32" --emit tir --passes= -o - | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr, M, N, stride_m, K: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr):
    pid = tl.program_id(0)
    # CHECK: [[ROW0:%[0-9]+]] = muli
    bp = tl.make_block_ptr(x_ptr, (M, N), (stride_m, 1), (pid * BM, 0), (BM, BN), (1, 0))
    # No boundary_check: no mask. Dim 0 is scaled by the stride; dim 1,
    # with its literal unit stride and offset 0, is the range itself.
    # CHECK: [[R0:%[0-9]+]] = make_range {start = 0, end = 16} : tensor<16xi32>
    # CHECK-NEXT: [[S0:%[0-9]+]] = splat [[ROW0]] : tensor<16xi32>
    # CHECK-NEXT: [[O0:%[0-9]+]] = addi [[S0]], [[R0]] : tensor<16xi32>
    # CHECK-NEXT: [[W0:%[0-9]+]] = extsi [[O0]] : tensor<16xi64>
    # CHECK-NEXT: [[STRIDE:%[0-9]+]] = extsi %stride_m : i64
    # CHECK-NEXT: [[SS:%[0-9]+]] = splat [[STRIDE]] : tensor<16xi64>
    # CHECK-NEXT: [[T0:%[0-9]+]] = muli [[W0]], [[SS]] : tensor<16xi64>
    # CHECK-NEXT: [[E0:%[0-9]+]] = expand_dims [[T0]] {axis = 1} : tensor<16x1xi64>
    # CHECK-NEXT: [[B0:%[0-9]+]] = broadcast [[E0]] : tensor<16x32xi64>
    # CHECK-NEXT: [[R1:%[0-9]+]] = make_range {start = 0, end = 32} : tensor<32xi32>
    # CHECK-NEXT: [[W1:%[0-9]+]] = extsi [[R1]] : tensor<32xi64>
    # CHECK-NEXT: [[E1:%[0-9]+]] = expand_dims [[W1]] {axis = 0} : tensor<1x32xi64>
    # CHECK-NEXT: [[B1:%[0-9]+]] = broadcast [[E1]] : tensor<16x32xi64>
    # CHECK-NEXT: [[OFFS:%[0-9]+]] = addi [[B0]], [[B1]] : tensor<16x32xi64>
    # CHECK-NEXT: [[BASE:%[0-9]+]] = splat %x_ptr : tensor<16x32xptr<f32>>
    # CHECK-NEXT: [[P:%[0-9]+]] = addptr [[BASE]], [[OFFS]] : tensor<16x32xptr<f32>>
    # A load's pointers name the window they read (base, shape, strides, offsets).
    # CHECK: [[WIN:%[0-9]+]] = window_pointers [[P]], %x_ptr, %M, %N, {{%[0-9]+}}, {{%[0-9]+}}, [[ROW0]], {{%[0-9]+}} : tensor<16x32xptr<f32>>
    # CHECK-NEXT: = load [[WIN]] : tensor<16x32xf32>
    a = tl.load(bp)
    # Dim 1 checked: 0 <= offs < N, padded with NaN.
    # CHECK: [[R1:%[0-9]+]] = make_range {start = 0, end = 32} : tensor<32xi32>
    # CHECK: [[N:%[0-9]+]] = splat %N : tensor<32xi32>
    # CHECK-NEXT: [[LT:%[0-9]+]] = cmpi [[R1]], [[N]] {predicate = "slt"} : tensor<32xi1>
    # CHECK-NEXT: [[ZERO:%[0-9]+]] = constant {value = 0} : tensor<32xi32>
    # CHECK-NEXT: [[GE:%[0-9]+]] = cmpi [[R1]], [[ZERO]] {predicate = "sge"} : tensor<32xi1>
    # CHECK-NEXT: [[IN:%[0-9]+]] = andi [[GE]], [[LT]] : tensor<32xi1>
    # CHECK-NEXT: [[IN2:%[0-9]+]] = expand_dims [[IN]] {axis = 0} : tensor<1x32xi1>
    # CHECK-NEXT: [[MASK:%[0-9]+]] = broadcast [[IN2]] : tensor<16x32xi1>
    # CHECK: [[NAN:%[0-9]+]] = constant {value = nan} : tensor<16x32xf32>
    # CHECK-NEXT: = load {{%[0-9]+}}, [[MASK]], [[NAN]] : tensor<16x32xf32>
    b = tl.load(bp, boundary_check=(1,), padding_option="nan")
    # The loop carries the accumulator and the dim-1 offset, nothing else.
    # CHECK: constant {value = 1} : i32
    # CHECK-NEXT: [[K0:%[0-9]+]] = constant {value = 0} : i32
    # CHECK-NEXT: [[ACC:%[0-9]+]], [[COL:%[0-9]+]] = for {{%[0-9]+}}, {{%[0-9]+}}, {{%[0-9]+}}, {{%[0-9]+}}, [[K0]] : tensor<16x32xf32>, i32{{$}}
    # CHECK-NEXT: ^({{%[0-9]+}}: i32, {{%[0-9]+}}: tensor<16x32xf32>, [[ARG:%[0-9]+]]: i32):
    # CHECK: splat [[ARG]] : tensor<32xi32>
    # Both dims checked: the masks of the two dims are and-ed, padding 0.
    # CHECK: [[M2:%[0-9]+]] = andi {{%[0-9]+}}, {{%[0-9]+}} : tensor<16x32xi1>
    # CHECK: [[Z:%[0-9]+]] = constant {value = 0.0} : tensor<16x32xf32>
    # CHECK-NEXT: = load {{%[0-9]+}}, [[M2]], [[Z]] : tensor<16x32xf32>
    # CHECK: [[STEP:%[0-9]+]] = constant {value = 32} : i32
    # CHECK-NEXT: [[NEXT:%[0-9]+]] = addi [[ARG]], [[STEP]] : i32
    # CHECK-NEXT: yield {{%[0-9]+}}, [[NEXT]]
    for i in range(0, K):
        a += tl.load(bp, boundary_check=(0, 1))
        bp = tl.advance(bp, (0, BN))
    # Only the dim-0 offset differs between the branches.
    # CHECK: [[ROW:%[0-9]+]] = if {{%[0-9]+}} : i32
    # CHECK: yield [[ROW0]]
    if pid == 0:
        bp = tl.advance(bp, (BM, 0))
    # CHECK: splat [[ROW]] : tensor<16xi32>
    # CHECK: splat [[COL]] : tensor<32xi32>
    # CHECK: store {{%[0-9]+}}, {{%[0-9]+}}{{$}}
    tl.store(bp, a + b)
    # Rank 1 with scalars for the lists; a scalar value is splatted.
    # CHECK: [[C:%[0-9]+]] = constant {value = 1.0} : tensor<32xf32>
    # CHECK-NEXT: store {{%[0-9]+}}, [[C]], {{%[0-9]+}}{{$}}
    out = tl.make_block_ptr(y_ptr, shape=N, strides=1, offsets=0, block_shape=BN, order=0)
    tl.store(out, 1.0, boundary_check=0)
