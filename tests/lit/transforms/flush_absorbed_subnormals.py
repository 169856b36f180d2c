# flush-absorbed-subnormals: an fp32 `exp` whose every use adds it to a
# constant of magnitude >= 2^-100 may flush its subnormal results (the sum
# is the same), and is emitted as one ex2.approx.ftz.f32; any other `exp`
# keeps Triton's ex2.approx.f32.
# RUN: %tritonc %s --kernel sigmoids --signature "*fp32:16, *fp32:16, *fp16:16, i32, 256" --emit tir -o - | FileCheck %s
# tl.sigmoid: 1 / (1 + exp(-x)).
# CHECK-LABEL: func @sigmoids
# CHECK: [[E1:%[0-9]+]] = math %{{[0-9]+}} {fn = "exp", ftz = 1} : tensor<256xf32>
# CHECK-NEXT: addf %{{[0-9]+}}, [[E1]]
# The constant on the right, and fp16 computed in fp32.
# CHECK: [[E2:%[0-9]+]] = math %{{[0-9]+}} {fn = "exp", ftz = 1} : tensor<256xf32>
# CHECK-NEXT: addf [[E2]], %{{[0-9]+}}
# CHECK: math %{{[0-9]+}} {fn = "exp", ftz = 1} : tensor<256xf16>
# CHECK: return
#
# RUN: %tritonc %s --kernel kept --signature "*fp32:16, *fp32:16, i32, 256" --emit tir -o - | FileCheck %s --check-prefix=KEPT
# Also stored; added to a constant below 2^-100; added to a loaded value;
# added to itself; exp2 (Triton's is ex2.approx.ftz already).
# KEPT-LABEL: func @kept
# KEPT-COUNT-4: math %{{[0-9]+}} {fn = "exp"} : tensor<256xf32>
# KEPT-NOT: ftz
# KEPT: return
#
# In the PTX.
# REQUIRES: ptxas
# RUN: %tritonc %s --kernel sigmoids --signature "*fp32:16, *fp32:16, *fp16:16, i32, 256" --arch sm_90a -o %t.ptx
# RUN: FileCheck %s --check-prefix=PTX --implicit-check-not="ex2.approx.f32" < %t.ptx
# PTX-COUNT-3: ex2.approx.ftz.f32
# RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin
# RUN: %tritonc %s --kernel kept --signature "*fp32:16, *fp32:16, i32, 256" --arch sm_90a -o %t.kept.ptx
# RUN: FileCheck %s --check-prefix=KEPTPTX < %t.kept.ptx
# KEPTPTX-COUNT-4: ex2.approx.f32
# KEPTPTX: ex2.approx.ftz.f32
import triton
import triton.language as tl


@triton.jit
def sigmoids(x_ptr, o_ptr, h_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.sigmoid(x)
    y += 1.0 / (tl.exp(-2.0 * x) + 1.0)
    tl.store(o_ptr + offs, y, mask=mask)
    h = tl.load(h_ptr + offs, mask=mask)
    tl.store(h_ptr + offs, h * tl.sigmoid(h), mask=mask)


@triton.jit
def kept(x_ptr, o_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    stored = tl.exp(x)
    tl.store(o_ptr + offs, stored, mask=mask)
    tiny = 1.0 / (1e-35 + tl.exp(-x))
    loaded = 1.0 / (tl.load(o_ptr + offs + 1, mask=mask) + tl.exp(x * 0.5))
    twice = tl.exp(x * 0.25)
    doubled = twice + twice
    tl.store(o_ptr + offs, tiny + loaded + doubled + tl.exp2(x) + 1.0, mask=mask)
