# An integer converted to fp32 and then narrowed (`.to(tl.float32)` stored
# through a bf16 pointer, or `.to(tl.float16)`) is one conversion, as
# Triton's canonicalization makes it: one rounding. 2458965499914774967
# is 0x5e088000 in fp32, exactly halfway between two bf16 values, which
# rounds to even (0x5e08) in two steps but up (0x5e09) in one, as the
# integer lies above the halfway point.
# RUN: rm -rf %t && mkdir -p %t
# RUN: python3 %S/../interp/Inputs/npy_tool.py write %t/x.npy "<i8" 4 "[2458965499914774967, 1, -3, 16781313][i]"
# RUN: %tritonc run %s --kernel narrowed --signature "*i64, *bf16, *fp16" --grid 1 --arg x_ptr=%t/x.npy \
# RUN:   --arg o_ptr=zeros:4 --arg h_ptr=zeros:4 --out o_ptr=%t/o.npy --out h_ptr=%t/h.npy
# RUN: od -A n -t x2 -j 128 -v %t/o.npy | FileCheck %s --check-prefix=BF16
# RUN: %tritonc %s --kernel narrowed --signature "*i64:16, *bf16:16, *fp16:16" --emit tir -o - | FileCheck %s --check-prefix=TIR
# RUN: %tritonc %s --kernel narrowed --signature "*i64:16, *bf16:16, *fp16:16" -o - --arch sm_90a | FileCheck %s --check-prefix=PTX
# BF16: 5e09 3f80 c040 4b80
# TIR-DAG: sitofp {{.*}}xbf16>
# TIR-DAG: sitofp {{.*}}xf16>
# TIR-NOT: truncf
# PTX-DAG: cvt.rn.bf16.s64
# PTX-DAG: cvt.rn.f16.s64
import triton
import triton.language as tl


@triton.jit
def narrowed(x_ptr, o_ptr, h_ptr):
    offs = tl.arange(0, 4)
    f = tl.load(x_ptr + offs).to(tl.float32)
    tl.store(o_ptr + offs, f)
    tl.store(h_ptr + offs, f.to(tl.float16))
