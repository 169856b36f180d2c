# In a kernel without dots, each element's chain of arithmetic is computed
# where its result is consumed (sinkToUses): the exp of one element, its
# log and products, then the next element's exp, instead of all eight
# exps first and every result live until the next op reads it. The loads,
# side effects, stay first and in order.
# RUN: %tritonc %S/Inputs/softplus_rows.py --kernel softplus_rows --signature "*fp32:16, *fp32:16, i32, 1024" --emit llvm -o - | FileCheck %s
# CHECK-COUNT-2: ld.global.v4.b32
# CHECK: @llvm.nvvm.ex2.approx.f32
# CHECK-NOT: @llvm.nvvm.ex2.approx.f32
# CHECK: fmul float %{{.*}}, 5.000000e-01
# CHECK: @llvm.nvvm.ex2.approx.f32
# CHECK-NOT: @llvm.nvvm.ex2.approx.f32
# CHECK: fmul float %{{.*}}, 5.000000e-01
# CHECK: st.global.v4.b32
