# Atomics take Triton's `sem` and `scope`, and fp16/bf16 `atomic_add`
# (bf16 from sm_90 on); other orderings and types are refused as Triton
# refuses them. A relaxed or release atomic whose old value nobody reads
# is a `red`, as in Triton; one whose value is read stays an `atom`.
# RUN: %tritonc %s --kernel orderings -o %t.ptx --signature "*i32, *fp16, *bf16, *fp32"
# RUN: FileCheck %s < %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}
# RUN: not %tritonc %s --kernel orderings -o %t.sm80.ptx --arch sm_80 --signature "*i32, *fp16, *bf16, *fp32" 2>&1 | FileCheck %s --check-prefix=SM80
# RUN: not %tritonc %s --kernel refused -o %t.bad.ptx --signature "*i32, *fp16, *i16" 2>&1 | FileCheck %s --check-prefix=BAD
# CHECK-DAG: red.global.gpu.relaxed.add.u32
# CHECK-DAG: atom.global.gpu.relaxed.add.u32
# CHECK-DAG: atom.global.cta.acquire.max.s32
# CHECK-DAG: atom.global.sys.release.exch.b32
# CHECK-DAG: atom.global.gpu.acq_rel.cas.b32
# CHECK-DAG: atom.global.gpu.acq_rel.add.noftz.f16
# CHECK-DAG: atom.global.gpu.acq_rel.add.noftz.bf16
# CHECK-DAG: red.global.gpu.relaxed.add.f32
# SM80: [[@LINE+28]]:5: error: `bf16` atomics need sm_90 or newer, but `--arch` includes `sm_80`; drop it or target sm_90 or sm_90a [NeedsSm90]
import triton
import triton.language as tl


@triton.jit
def refused(i_ptr, h_ptr, s_ptr):
    offs = tl.arange(0, 32)
    # BAD: [[@LINE+1]]:40: error: memory semantic `seq_cst` is not one of `acq_rel`, `acquire`, `release`, `relaxed` [TypeMismatch]
    tl.atomic_add(i_ptr + offs, 1, sem="seq_cst")
    # BAD: [[@LINE+1]]:42: error: scope `device` is not one of `gpu`, `cta`, `sys` [TypeMismatch]
    tl.atomic_add(i_ptr + offs, 1, scope="device")
    # BAD: [[@LINE+1]]:5: error: `tl.atomic_max` does not support `float16`; Triton's atomics take 32- and 64-bit values, 16-bit floats for `atomic_add`, and 16-bit values for `atomic_cas` [UnsupportedOperation]
    tl.atomic_max(h_ptr + offs, 1.0)
    # BAD: [[@LINE+1]]:5: error: `tl.atomic_add` does not support `int16`; Triton's atomics take 32- and 64-bit values, 16-bit floats for `atomic_add`, and 16-bit values for `atomic_cas` [UnsupportedOperation]
    tl.atomic_add(s_ptr + offs, 1)


@triton.jit
def orderings(i_ptr, h_ptr, b_ptr, f_ptr):
    offs = tl.arange(0, 32)
    tl.atomic_add(i_ptr + offs, 1, sem="relaxed")
    old = tl.atomic_add(i_ptr + offs, 2, sem="relaxed")
    tl.store(i_ptr + offs, old)
    tl.atomic_max(i_ptr + offs, offs, sem="acquire", scope="cta")
    tl.atomic_xchg(i_ptr + offs, offs, sem="release", scope="sys")
    tl.atomic_cas(i_ptr + offs, offs, offs + 1)
    tl.atomic_add(h_ptr + offs, 1.0)
    tl.atomic_add(b_ptr + offs, 1.0)
    tl.atomic_add(f_ptr + offs, 1.0, sem="relaxed")
