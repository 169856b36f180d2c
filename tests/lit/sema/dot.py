# tl.dot with Triton's types: fp16 gives fp32 (or out_dtype=fp16), int8
# gives int32; the accumulator is always an operand (zeros when absent);
# {input_precision} is "tf32" by default, "ieee" for allow_tf32=False, and
# whatever input_precision says (any case).
# RUN: %tritonc %s --signature "*fp16, *fp16, *fp32, *i8, *fp32, *fp16, *i32" --emit tir --passes= -o - | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def k(a_ptr, b_ptr, f_ptr, q_ptr, c_ptr, h_ptr, i_ptr):
    r = tl.arange(0, 16)
    c = tl.arange(0, 32)
    # CHECK: [[A:%[0-9]+]] = load {{.*}} : tensor<16x32xf16>
    a = tl.load(a_ptr + r[:, None] * 32 + c[None, :])
    # CHECK: [[B:%[0-9]+]] = load {{.*}} : tensor<32x16xf16>
    b = tl.load(b_ptr + c[:, None] * 16 + r[None, :])
    # CHECK-NEXT: [[Z:%[0-9]+]] = constant {value = 0.0} : tensor<16x16xf32>
    # CHECK-NEXT: [[D:%[0-9]+]] = dot [[A]], [[B]], [[Z]] {input_precision = "tf32"} : tensor<16x16xf32>
    # CHECK-NEXT: dot [[A]], [[B]], [[D]] {input_precision = "tf32"} : tensor<16x16xf32>
    d = tl.dot(a, b)
    d = tl.dot(a, b, d)
    # CHECK-NEXT: [[ZH:%[0-9]+]] = constant {value = 0.0} : tensor<16x16xf16>
    # CHECK-NEXT: dot [[A]], [[B]], [[ZH]] {input_precision = "tf32"} : tensor<16x16xf16>
    h = tl.dot(a, b, out_dtype=tl.float16)
    # CHECK: [[F:%[0-9]+]] = load {{.*}} : tensor<16x16xf32>
    f = tl.load(f_ptr + r[:, None] * 16 + r[None, :])
    # CHECK: dot [[F]], [[F]], {{%[0-9]+}} {input_precision = "tf32"} : tensor<16x16xf32>
    # CHECK: dot [[F]], [[F]], {{%[0-9]+}} {input_precision = "ieee"} : tensor<16x16xf32>
    # CHECK: dot [[F]], [[F]], {{%[0-9]+}} {input_precision = "tf32x3"} : tensor<16x16xf32>
    ff = tl.dot(f, f)
    fi = tl.dot(f, f, allow_tf32=False)
    f3 = tl.dot(f, f, input_precision="TF32x3")
    q = tl.load(q_ptr + r[:, None] * 32 + c[None, :])
    # CHECK: [[ZI:%[0-9]+]] = constant {value = 0} : tensor<16x16xi32>
    # CHECK-NEXT: dot {{%[0-9]+}}, {{%[0-9]+}}, [[ZI]] {input_precision = "tf32"} : tensor<16x16xi32>
    qi = tl.dot(q, q.T)
    tl.store(c_ptr + r[:, None] * 16 + r[None, :], d + ff + fi + f3)
    tl.store(h_ptr + r[:, None] * 16 + r[None, :], h)
    tl.store(i_ptr + r[:, None] * 16 + r[None, :], qi)
