# Several `--signature`s compile one kernel several times into one header
# whose launch() tries the specialisations strongest promises first and
# launches the first whose promises the arguments keep; the general one
# (no hints) last, unconditionally. Each PTX beside `-o`, and the metadata
# lists every specialisation in the launcher's order.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %tritonc %s -o %t/k.ptx --header %t/k.h --grid "cdiv(n, BLOCK), 1, 1" --signature "*fp32, i32, 256" --signature "*fp32:16, i32:16, 256" --signature "*fp32:16, i32, 256"
# RUN: FileCheck %s --check-prefix=HEADER < %t/k.h
# RUN: FileCheck %s --check-prefix=META < %t/k.json
# RUN: FileCheck %s --check-prefix=GENERAL < %t/k.ptx
# RUN: FileCheck %s --check-prefix=VECTOR < %t/k.1.ptx
# RUN: test -f %t/k.2.ptx

# When every specialisation makes a promise, some arguments fit none, and
# launch() then returns CUDA_ERROR_INVALID_VALUE.
# RUN: %tritonc %s -o %t/strict.ptx --header %t/strict.h --signature "*fp32:16, i32:16, 256" --signature "*fp32:4, i32:1, 256"
# RUN: FileCheck %s --check-prefix=STRICT < %t/strict.h

# RUN: not %tritonc %s -o %t/e.ptx --signature "*fp32, i32, 256" --signature "*fp16, i32, 256" 2>&1 | FileCheck %s --check-prefix=TYPE
# TYPE: tritonc: error: `--signature` number 2 differs from the first in the type of `x_ptr` (`*fp16`, not `*fp32`); the specialisations of one kernel may differ only in their `:N` hints [SpecialisationMismatch]
# RUN: not %tritonc %s -o %t/e.ptx --signature "*fp32, i32, 256" --signature "*fp32:16, i32, 512" 2>&1 | FileCheck %s --check-prefix=CONSTEXPR
# CONSTEXPR: tritonc: error: `--signature` number 2 differs from the first in constexpr `BLOCK` (`512`, not `256`); {{.*}} [SpecialisationMismatch]
# RUN: not %tritonc %s -o %t/e.ptx --signature "*fp32:16, i32, 256" --signature "*fp32, i32, 256" --signature "x_ptr=*fp32:16, n=i32, BLOCK=256" 2>&1 | FileCheck %s --check-prefix=SAME
# SAME: tritonc: error: `--signature` number 3 makes the same promises as number 1, which the launcher tries first; drop one [DuplicateSpecialisation]
# RUN: not %tritonc %s -o %t/e.tir --emit tir --signature "*fp32, i32, 256" --signature "*fp32:16, i32, 256" 2>&1 | FileCheck %s --check-prefix=EMIT
# EMIT: tritonc: error: `--emit` other than `ptx` or `cubin` takes one `--signature` [BadOption]
import triton
import triton.language as tl


@triton.jit
def twice(x_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask)
    tl.store(x_ptr + offsets, x * 2.0, mask=mask)

# HEADER: // signatures, in the order launch() tries them:
# HEADER-NEXT: //   *fp32:16, i32:16, 256
# HEADER-NEXT: //   *fp32:16, i32, 256
# HEADER-NEXT: //   *fp32, i32, 256
# HEADER: inline constexpr int64_t BLOCK = 256;
# HEADER: // Specialisation 0: *fp32, i32, 256
# HEADER-NEXT: namespace spec0 {
# HEADER-NOT: fits
# HEADER: } // namespace spec0
# HEADER: // Specialisation 1: *fp32:16, i32:16, 256
# HEADER: inline bool fits({{.*}}CUdeviceptr x_ptr, {{.*}}int32_t n) {
# HEADER-NEXT:   return x_ptr % 16 == 0 &&
# HEADER-NEXT:          n % 16 == 0;
# HEADER: // Specialisation 2: *fp32:16, i32, 256
# HEADER: inline bool fits({{.*}}CUdeviceptr x_ptr, {{.*}}int32_t n) {
# HEADER-NEXT:   return x_ptr % 16 == 0;
# HEADER: inline CUresult launch(CUstream stream, Grid grid, CUdeviceptr x_ptr, int32_t n) {
# HEADER-NEXT:   void *params[] = {&x_ptr, &n};
# HEADER-NEXT:   if (detail::spec1::fits(x_ptr, n))
# HEADER-NEXT:     return ::tritonc_kernels::runtime::launch(detail::spec1::cache(), detail::spec1::kKernel,
# HEADER-NEXT:                                               stream, grid, params);
# HEADER-NEXT:   if (detail::spec2::fits(x_ptr, n))
# HEADER-NEXT:     return ::tritonc_kernels::runtime::launch(detail::spec2::cache(), detail::spec2::kKernel,
# HEADER-NEXT:                                               stream, grid, params);
# HEADER-NEXT:   return ::tritonc_kernels::runtime::launch(detail::spec0::cache(), detail::spec0::kKernel,
# HEADER-NEXT:                                             stream, grid, params);
# HEADER-NEXT: }
# HEADER: inline Grid grid(

# META: "signature": "*fp32, i32, 256",
# META-NEXT: "specialisations": [
# META-NEXT: {
# META-NEXT: "signature": "*fp32:16, i32:16, 256",
# META-NEXT: "file": "k.1.ptx",
# META-NEXT: "shared_bytes": 0,
# META-NEXT: "params": [
# META-NEXT: {"name": "x_ptr", "type": "*fp32:16"},
# META-NEXT: {"name": "n", "type": "i32:16"}
# META-NEXT: ]
# META-NEXT: },
# META: "signature": "*fp32:16, i32, 256",
# META-NEXT: "file": "k.2.ptx",
# META: "signature": "*fp32, i32, 256",
# META-NEXT: "file": "k.ptx",

# GENERAL-NOT: ld.global.v
# VECTOR: ld.global.v2.b32

# STRICT:      if (detail::spec0::fits(x_ptr, n))
# STRICT:      if (detail::spec1::fits(x_ptr, n))
# STRICT:      return CUDA_ERROR_INVALID_VALUE;
# STRICT-NEXT: }
