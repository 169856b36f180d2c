# `while tl.condition(c, disable_licm=True)`: the loop runs on `c`, and
# `disable_licm` keeps the loop-invariant product inside the loop (tritonc's
# hoisting, and LLVM's through the loop's metadata). The sum of
# x[0..n) * scale with x[i] = i, n = 5, scale = 3: 30.
# RUN: rm -rf %t && mkdir -p %t
# RUN: python3 %S/../interp/Inputs/npy_tool.py write %t/x.npy "<f4" 8 "float(i)"
# RUN: %tritonc run %s --kernel summed --signature "*fp32, *fp32, i32, fp32" --grid 1 --arg X=%t/x.npy \
# RUN:   --arg Y=zeros:1 --arg n=5 --arg scale=3.0 --out Y=%t/y.npy
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/y.npy | FileCheck %s --check-prefix=SUM
# RUN: %tritonc %s --kernel summed --signature "*fp32:16, *fp32:16, i32, fp32" --emit tir-gpu -o - | FileCheck %s --check-prefix=TIR
# RUN: %tritonc %s --kernel summed --signature "*fp32:16, *fp32:16, i32, fp32" -o %t/k.ptx --arch sm_90a
# RUN: %tritonc %s --kernel summed --signature "*fp32:16, *fp32:16, i32, fp32" --emit llvm -o - | FileCheck %s --check-prefix=LLVM
# RUN: not %tritonc %s --kernel misplaced --signature "*fp32, i32" -o %t/m.ptx 2>&1 | FileCheck %s --check-prefix=MISPLACED
# SUM: 0: 30.0
# TIR: while {{.*}}{disable_licm = 1}
# TIR: mulf %scale
# TIR: yield
# LLVM: !{!"llvm.licm.disable"}
# MISPLACED: while_condition.py:[[@LINE+17]]:9: error: `tl.condition` outside a `while` header
import triton
import triton.language as tl


@triton.jit
def summed(X, Y, n, scale):
    i = 0
    total = 0.0
    while tl.condition(i < n, disable_licm=True):
        total += tl.load(X + i) * (scale * 1.0)
        i += 1
    tl.store(Y, total)


@triton.jit
def misplaced(Y, n):
    c = tl.condition(n > 0)
    tl.store(Y, 1.0)
