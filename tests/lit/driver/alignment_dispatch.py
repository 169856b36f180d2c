# A stride of 1000 halves is not divisible by 16, so the signature Triton
# specialises leaves it unhinted, yet every row it starts is 16 bytes
# aligned. tritonc compiles a second specialisation as if the strides, K
# and N were divisible by 8 (what 16-byte copies of halves need; M only
# masks rows, so it is not promised): cp.async rings there, 2-byte loads in
# the first. The metadata lists it first, as the launcher tries it; fp32
# asks for divisibility by 4. Then the same without what only the store
# needs (stride_cm: an output of odd width, such as logits over an odd
# vocabulary): the loads still copied, the stores 2-byte. Then what each
# dot load alone needs (A: stride_am and K; B: stride_bk and N), for an
# operand whose rows are unaligned while the other's are not. A hinted signature, or
# --no-alignment-dispatch, compiles one; several signatures compile as
# given.
# REQUIRES: ptxas
# RUN: rm -rf %t && mkdir -p %t
# RUN: %tritonc %s --signature "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32, i32, 64, 64, 32" --num-warps 4 --arch sm_80 -o %t/half.ptx --header %t/half.h
# RUN: FileCheck %s --check-prefix=META < %t/half.json
# RUN: FileCheck %s --check-prefix=GENERAL < %t/half.ptx
# RUN: FileCheck %s --check-prefix=ALIGNED < %t/half.1.ptx
# RUN: FileCheck %s --check-prefix=LOADS-ONLY < %t/half.2.ptx
# RUN: FileCheck %s --check-prefix=A-ONLY < %t/half.3.ptx
# RUN: %ptxas -arch=sm_80 %t/half.3.ptx -o %t/half.3.cubin
# RUN: FileCheck %s --check-prefix=HEADER < %t/half.h
# RUN: %ptxas -arch=sm_80 %t/half.1.ptx -o %t/half.1.cubin
# RUN: %tritonc %s --signature "*fp32:16, *fp32:16, *fp32:16, i32, i32, i32, i32, i32, i32, 64, 64, 32" --num-warps 4 --arch sm_80 -o %t/single.ptx
# RUN: FileCheck %s --check-prefix=SINGLE < %t/single.json
# RUN: %tritonc %s --signature "*fp16:16, *fp16:16, *fp16:16, i32, i32:16, i32:16, i32:16, i32:16, i32:16, 64, 64, 32" --num-warps 4 --arch sm_80 -o %t/hinted.ptx
# RUN: FileCheck %s --check-prefix=ONE < %t/hinted.json
# RUN: %tritonc %s --signature "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32, i32, 64, 64, 32" --num-warps 4 --arch sm_80 --no-alignment-dispatch -o %t/off.ptx
# RUN: FileCheck %s --check-prefix=ONE < %t/off.json
# Several signatures are the user's choice of specialisations: none added.
# RUN: %tritonc %s --signature "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32, i32, 64, 64, 32" --signature "*fp16:16, *fp16:16, *fp16:16, i32, i32:4, i32:4, i32:4, i32:4, i32:4, 64, 64, 32" --num-warps 4 --arch sm_80 -o %t/two.ptx
# RUN: FileCheck %s --check-prefix=TWO < %t/two.json

# 1-byte elements: 16-byte copies need divisibility by 16, which Triton's
# key already gives where it holds; sizes between are most often multiples
# of 8, so a second rung asks for 8 (8-byte copies). The launcher tries
# the stronger first.
# RUN: %tritonc %s --signature "*i8:16, *i8:16, *i32:16, i32, i32, i32, i32, i32, i32, 64, 64, 32" --num-warps 4 --arch sm_80 -o %t/byte.ptx --header %t/byte.h
# RUN: FileCheck %s --check-prefix=BYTE-META < %t/byte.json
# RUN: FileCheck %s --check-prefix=BYTE-HEADER < %t/byte.h
# RUN: FileCheck %s --check-prefix=GENERAL8 < %t/byte.ptx
# RUN: FileCheck %s --check-prefix=RUNG16 < %t/byte.1.ptx
# RUN: FileCheck %s --check-prefix=RUNG8 < %t/byte.3.ptx
# RUN: %ptxas -arch=sm_80 %t/byte.3.ptx -o %t/byte.3.cubin
# RUN: %ptxas -arch=sm_80 %t/byte.4.ptx -o %t/byte.4.cubin
# RUN: %ptxas -arch=sm_80 %t/byte.5.ptx -o %t/byte.5.cubin
# Nothing is added to a printout, nor where the code goes to stdout alone.
# RUN: %tritonc %s --signature "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32, i32, 64, 64, 32" --num-warps 4 --arch sm_80 -o - --metadata %t/stdout.json > %t/stdout.ptx
# RUN: FileCheck %s --check-prefix=ONE < %t/stdout.json
# RUN: %tritonc %s --signature "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32, i32, 64, 64, 32" --num-warps 4 --arch sm_80 --print-analysis axis-info -o %t/printed.ptx 2> %t/printed.txt
# RUN: FileCheck %s --check-prefix=ONE < %t/printed.json
# The added specialisation is the compiler's own: where it cannot be made
# (here a ptxas that refuses cp.async), it is left out, silently, and the
# one asked for is written as usual.
# RUN: env REAL_PTXAS=%ptxas %tritonc %s --signature "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32, i32, 64, 64, 32" --num-warps 4 --arch sm_80 --ptxas %S/Inputs/async_copy_rejecting_ptxas.sh -o %t/refused.ptx --header %t/refused.h 2> %t/refused.err
# RUN: FileCheck %s --check-prefix=ONE < %t/refused.json
# RUN: FileCheck %s --check-prefix=QUIET --allow-empty < %t/refused.err
# RUN: not grep -q "i32:8" %t/refused.h

# META: "signature": "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32, i32, 64, 64, 32",
# META: "specialisations": [
# META-NEXT: {
# META-NEXT: "signature": "*fp16:16, *fp16:16, *fp16:16, i32, i32:8, i32:8, i32:8, i32:8, i32:8, 64, 64, 32",
# META-NEXT: "file": "half.1.ptx",
# META: "signature": "*fp16:16, *fp16:16, *fp16:16, i32, i32:8, i32:8, i32:8, i32:8, i32, 64, 64, 32",
# META-NEXT: "file": "half.2.ptx",
# META: "signature": "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32:8, i32:8, i32, i32, 64, 64, 32",
# META-NEXT: "file": "half.3.ptx",
# META: "signature": "*fp16:16, *fp16:16, *fp16:16, i32, i32:8, i32, i32, i32:8, i32, 64, 64, 32",
# META-NEXT: "file": "half.4.ptx",
# META: "signature": "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32, i32, 64, 64, 32",
# META-NEXT: "file": "half.ptx",
# GENERAL: ld.global.b16
# GENERAL-NOT: cp.async
# ALIGNED-NOT: ld.global.b16
# ALIGNED: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16
# LOADS-ONLY: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16
# LOADS-ONLY-NOT: st.global.v
# LOADS-ONLY: st.global.b16
# A-ONLY: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16
# A-ONLY: ld.global.b16
# HEADER: //   *fp16:16, *fp16:16, *fp16:16, i32, i32:8, i32:8, i32:8, i32:8, i32:8, 64, 64, 32
# HEADER: //   *fp16:16, *fp16:16, *fp16:16, i32, i32:8, i32:8, i32:8, i32:8, i32, 64, 64, 32
# HEADER: //   *fp16:16, *fp16:16, *fp16:16, i32, i32, i32:8, i32:8, i32, i32, 64, 64, 32
# HEADER: //   *fp16:16, *fp16:16, *fp16:16, i32, i32:8, i32, i32, i32:8, i32, 64, 64, 32
# HEADER: //   *fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32, i32, 64, 64, 32
# SINGLE: "signature": "*fp32:16, *fp32:16, *fp32:16, i32, i32:4, i32:4, i32:4, i32:4, i32:4, 64, 64, 32",
# BYTE-META: "specialisations": [
# BYTE-META-NEXT: {
# BYTE-META-NEXT: "signature": "*i8:16, *i8:16, *i32:16, i32, i32:16, i32:16, i32:16, i32:16, i32:4, 64, 64, 32",
# BYTE-META-NEXT: "file": "byte.1.ptx",
# BYTE-META: "signature": "*i8:16, *i8:16, *i32:16, i32, i32:16, i32:16, i32:16, i32:16, i32, 64, 64, 32",
# BYTE-META-NEXT: "file": "byte.2.ptx",
# BYTE-META: "signature": "*i8:16, *i8:16, *i32:16, i32, i32:8, i32:8, i32:8, i32:8, i32:4, 64, 64, 32",
# BYTE-META-NEXT: "file": "byte.3.ptx",
# BYTE-META: "signature": "*i8:16, *i8:16, *i32:16, i32, i32:8, i32:8, i32:8, i32:8, i32, 64, 64, 32",
# BYTE-META-NEXT: "file": "byte.4.ptx",
# BYTE-META: "signature": "*i8:16, *i8:16, *i32:16, i32, i32, i32:8, i32:8, i32, i32, 64, 64, 32",
# BYTE-META-NEXT: "file": "byte.5.ptx",
# BYTE-META: "signature": "*i8:16, *i8:16, *i32:16, i32, i32:8, i32, i32, i32:8, i32, 64, 64, 32",
# BYTE-META-NEXT: "file": "byte.6.ptx",
# BYTE-META: "file": "byte.ptx",
# BYTE-HEADER: // signatures, in the order launch() tries them:
# BYTE-HEADER-NEXT: //   *i8:16, *i8:16, *i32:16, i32, i32:16, i32:16, i32:16, i32:16, i32:4, 64, 64, 32
# BYTE-HEADER-NEXT: //   *i8:16, *i8:16, *i32:16, i32, i32:16, i32:16, i32:16, i32:16, i32, 64, 64, 32
# BYTE-HEADER-NEXT: //   *i8:16, *i8:16, *i32:16, i32, i32:8, i32:8, i32:8, i32:8, i32:4, 64, 64, 32
# BYTE-HEADER-NEXT: //   *i8:16, *i8:16, *i32:16, i32, i32:8, i32:8, i32:8, i32:8, i32, 64, 64, 32
# BYTE-HEADER-NEXT: //   *i8:16, *i8:16, *i32:16, i32, i32, i32:8, i32:8, i32, i32, 64, 64, 32
# BYTE-HEADER-NEXT: //   *i8:16, *i8:16, *i32:16, i32, i32:8, i32, i32, i32:8, i32, 64, 64, 32
# BYTE-HEADER-NEXT: //   *i8:16, *i8:16, *i32:16, i32, i32, i32, i32, i32, i32, 64, 64, 32
# GENERAL8: ld.global.u8
# GENERAL8-NOT: cp.async
# RUNG16: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16
# RUNG8-NOT: ld.global.u8
# RUNG8: cp.async.ca.shared.global [{{.*}}], [{{.*}}], 8
# RUNG8-NOT: cp.async.cg
# ONE-NOT: "specialisations"
# QUIET-NOT: {{.}}
# TWO: "specialisations": [
# TWO: "signature": "*fp16:16, *fp16:16, *fp16:16, i32, i32:4, i32:4, i32:4, i32:4, i32:4, 64, 64, 32",
# TWO: "file": "two.1.ptx",
# TWO: "file": "two.ptx",
# TWO-NOT: "file"
import triton
import triton.language as tl


@triton.jit
def tile_matmul(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_bk, stride_cm, BM: tl.constexpr,
                BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * stride_am + (k + rk)[None, :], mask=(rm[:, None] < M) & ((k + rk)[None, :] < K),
                    other=0.0)
        b = tl.load(b_ptr + (k + rk)[:, None] * stride_bk + rn[None, :], mask=((k + rk)[:, None] < K) & (rn[None, :] < N),
                    other=0.0)
        acc += tl.dot(a, b)
    tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :], acc.to(c_ptr.dtype.element_ty),
             mask=(rm[:, None] < M) & (rn[None, :] < N))
