# Before sm_90 PTX converts to bf16 only from fp32, and an integer through
# fp32 rounded to nearest would round twice (u32 149422084 to 148897792,
# where the nearest bf16 and Triton's value is 149946368). The integer is
# rounded toward zero, its lowest bit set when inexact (round to odd), then
# rounded once to bf16. sm_90 has the one-step conversions.
# REQUIRES: ptxas
# RUN: %tritonc %S/../../gpu/lang/kernels/int_to_narrow_float.py --kernel narrowed_ints --signature "*u32:16, *bf16:16, *fp16:16, 4096" --arch sm_80 -o %t.u32.ptx
# RUN: FileCheck %s --check-prefix=U32 < %t.u32.ptx
# RUN: %ptxas -arch=sm_80 %t.u32.ptx -o %t.u32.cubin
# RUN: %tritonc %S/../../gpu/lang/kernels/int_to_narrow_float.py --kernel narrowed_ints --signature "*i64:16, *bf16:16, *fp16:16, 4096" --arch sm_80 -o %t.i64.ptx
# RUN: FileCheck %s --check-prefix=I64 < %t.i64.ptx
# RUN: %ptxas -arch=sm_80 %t.i64.ptx -o %t.i64.cubin
# RUN: %tritonc %S/../../gpu/lang/kernels/int_to_narrow_float.py --kernel narrowed_ints --signature "*i32:16, *bf16:16, *fp16:16, 4096" --arch sm_90a -o %t.sm90.ptx
# RUN: FileCheck %s --check-prefix=SM90 < %t.sm90.ptx

# U32-NOT: cvt.rn.f32.u32
# U32: cvt.rz.f32.u32 [[T:%r[0-9]+]], [[X:%r[0-9]+]];
# U32-NEXT: cvt.rzi.u32.f32 [[BACK:%r[0-9]+]], [[T]];
# U32-NEXT: setp.ne.b32 [[INEXACT:%p[0-9]+]], [[BACK]], [[X]];
# U32-NEXT: selp.b32 [[STICKY:%r[0-9]+]], 1, 0, [[INEXACT]];
# U32-NEXT: or.b32 [[ODD:%r[0-9]+]], [[STICKY]], [[T]];
# U32: cvt.rn.bf16x2.f32 {{%r[0-9]+}}, {{%r[0-9]+}}, [[ODD]];
# U32-NOT: cvt.rn.f32.u32

# I64-NOT: cvt.rn.f32.s64
# I64: cvt.rz.f32.s64 [[T:%r[0-9]+]], [[X:%rd[0-9]+]];
# I64-NEXT: cvt.rzi.s64.f32 [[BACK:%rd[0-9]+]], [[T]];
# I64-NEXT: setp.ne.b64 {{%p[0-9]+}}, [[BACK]], [[X]];
# I64-NOT: cvt.rn.f32.s64

# SM90: cvt.rn.bf16.s32
# SM90-NOT: cvt.rz.f32
