# fp8: arithmetic is widened to fp32 with one rounding back per op, and
# conversions use the packed cvt instructions (two elements each), which
# ptxas accepts for sm_89 and sm_90a.
# REQUIRES: ptxas
# RUN: %tritonc %S/../../kernels/fp8.py --kernel fp8_arithmetic --signature "*fp8e5:16, *fp8e5:16, i32, 1024" --emit tir -o - | FileCheck %s --check-prefix=TIR
# RUN: %tritonc %S/../../kernels/fp8.py --kernel fp8_convert --arch sm_90a,sm_89 --signature "*fp32:16, *fp16:16, *bf16:16, *fp8e4nv:16, *fp8e5:16, *fp8e4nv:16, *fp8e5:16, *fp8e4nv:16, *fp8e5:16, *fp32:16, *fp16:16, *bf16:16, i32, 1024" -o %t.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin
# RUN: %tritonc %S/../../kernels/fp8.py --kernel fp8_convert --arch sm_89 --signature "*fp32:16, *fp16:16, *bf16:16, *fp8e4nv:16, *fp8e5:16, *fp8e4nv:16, *fp8e5:16, *fp8e4nv:16, *fp8e5:16, *fp32:16, *fp16:16, *bf16:16, i32, 1024" -o %t.sm89.ptx
# RUN: %ptxas -arch=sm_89 %t.sm89.ptx -o %t.sm89.cubin
# RUN: FileCheck %s --check-prefix=SM89 < %t.sm89.ptx

# TIR: [[X:%[0-9]+]] = load {{.*}} : tensor<1024xf8e5>
# TIR: [[TWO:%[0-9]+]] = constant {value = 2.0} : tensor<1024xf8e5>
# TIR: [[XW:%[0-9]+]] = extf [[X]] : tensor<1024xf32>
# TIR: [[TWOW:%[0-9]+]] = extf [[TWO]] : tensor<1024xf32>
# TIR: [[P:%[0-9]+]] = mulf [[XW]], [[TWOW]] : tensor<1024xf32>
# TIR: [[PN:%[0-9]+]] = truncf [[P]] : tensor<1024xf8e5>
# TIR: [[PW:%[0-9]+]] = extf [[PN]] : tensor<1024xf32>
# TIR: [[S:%[0-9]+]] = addf [[PW]], [[XW]] : tensor<1024xf32>
# TIR: [[SN:%[0-9]+]] = truncf [[S]] : tensor<1024xf8e5>
# TIR: store {{.*}}, [[SN]]

# fp32 and fp16 quantize directly, bf16 through fp32; fp8 widens to fp16
# first, then to bf16 in one instruction on sm_90 (through fp32 on sm_89).
# PTX-DAG: cvt.rn.satfinite.e4m3x2.f32
# PTX-DAG: cvt.rn.satfinite.e5m2x2.f32
# PTX-DAG: cvt.rn.satfinite.e4m3x2.f16x2
# PTX-DAG: cvt.rn.satfinite.e5m2x2.f16x2
# PTX-DAG: cvt.f32.bf16
# PTX-DAG: cvt.rn.f16x2.e4m3x2
# PTX-DAG: cvt.rn.f16x2.e5m2x2
# PTX-DAG: cvt.rn.bf16.f16
# SM89: cvt.rn.f16x2.e4m3x2
# SM89: cvt.rn.bf16{{(x2)?}}.f32
# SM89-NOT: cvt.rn.bf16.f16
