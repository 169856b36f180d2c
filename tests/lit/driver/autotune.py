# A signature that stops before the meta-parameters the autotune configs
# set compiles every configuration into one header; the heuristic over a
# run-time argument doubles each into two compilations, chosen by C++ in
# launch_config(); choose_config() reads the tuning table; the metadata
# lists every configuration and compilation.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %tritonc %s -o %t/k.ptx --header %t/k.h --signature "*fp32:16, i32" --grid "cdiv(n, BLOCK), 1, 1" --tuning %S/Inputs/autotune_tune.json --tuning-buckets pow2 --ptxas= --depfile %t/k.d
# RUN: grep -q "Inputs/autotune_tune.json" %t/k.d
# RUN: FileCheck %s --check-prefix=HEADER < %t/k.h
# RUN: FileCheck %s --check-prefix=META < %t/k.json
# RUN: test -f %t/k.3.ptx && not test -f %t/k.4.ptx
# Without --grid: launch() takes the grid; without --tuning: configuration 0.
# RUN: %tritonc %s -o %t/g.ptx --header %t/g.h --signature "*fp32:16, i32" --ptxas=
# RUN: FileCheck %s --check-prefix=NOGRID < %t/g.h
# A heuristic the signature gives is compiled with that value only, and
# launch_config() refuses arguments for which the heuristic disagrees.
# RUN: %tritonc %s -o %t/p.ptx --header %t/p.h --signature "x_ptr=*fp32:16, n=i32, EVEN=True" --ptxas=
# RUN: FileCheck %s --check-prefix=PROMISE < %t/p.h
# A printout shows the first configuration.
# RUN: %tritonc %s -o - --emit tir --signature "*fp32:16, i32" | FileCheck %s --check-prefix=TIR
# The explicit signature still compiles one configuration.
# RUN: %tritonc %s -o %t/one.ptx --header %t/one.h --signature "*fp32:16, i32, 128, True" --ptxas=
# RUN: not grep -q launch_config %t/one.h
import triton
import triton.language as tl


@triton.autotune(
    configs=[
        triton.Config({"BLOCK": 64}, num_warps=2),
        triton.Config({"BLOCK": 128}, num_warps=4, num_stages=3),
    ],
    key=["n"],
    warmup=5,
    rep=20,
    reset_to_zero=["x_ptr"],
)
@triton.heuristics({"EVEN": lambda args: args["n"] % args["BLOCK"] == 0})
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr, EVEN: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    if EVEN:
        x = tl.load(x_ptr + offs)
    else:
        x = tl.load(x_ptr + offs, mask=offs < n)
    tl.store(x_ptr + offs, x + 1, mask=offs < n)

# HEADER: // configurations (launch() picks one: the tuning table's for the key, else 0):
# HEADER-NEXT: //   0: BLOCK=64, num_warps=2, num_stages=3
# HEADER-NEXT: //   1: BLOCK=128, num_warps=4, num_stages=3
# HEADER-NEXT: // signature: *fp32:16, i32
# HEADER-NEXT: // arch: sm_90a; 4 compilations
# HEADER: #ifndef TRITONC_AUTOTUNE_RUNTIME_V1
# HEADER: inline constexpr int kNumConfigs = 2;
# HEADER: // Configuration 0 with EVEN=True.
# HEADER-NEXT: namespace variant0 {
# HEADER: inline constexpr int kNumWarps = 2;
# HEADER: inline constexpr int64_t BLOCK = 64;
# HEADER-NEXT: inline constexpr bool EVEN = true;
# HEADER: // Configuration 0 with EVEN=False.
# HEADER-NEXT: namespace variant1 {
# HEADER: // Configuration 1 with EVEN=True.
# HEADER-NEXT: namespace variant2 {
# HEADER: inline constexpr int kNumWarps = 4;
# HEADER: // Configuration 1 with EVEN=False.
# HEADER-NEXT: namespace variant3 {
# HEADER: inline CUresult launch_config(int config, CUstream stream, Grid grid, CUdeviceptr x_ptr, int32_t n) {
# HEADER-NEXT:   switch (config) {
# HEADER-NEXT:   case 0:
# HEADER-NEXT:     if ((::tritonc_kernels::runtime::floorMod(int64_t(n), int64_t(64)) == int64_t(0)))
# HEADER-NEXT:       return variant0::launch(stream, grid, x_ptr, n);
# HEADER-NEXT:     if (!(::tritonc_kernels::runtime::floorMod(int64_t(n), int64_t(64)) == int64_t(0)))
# HEADER-NEXT:       return variant1::launch(stream, grid, x_ptr, n);
# HEADER-NEXT:     break;
# HEADER-NEXT:   case 1:
# HEADER-NEXT:     if ((::tritonc_kernels::runtime::floorMod(int64_t(n), int64_t(128)) == int64_t(0)))
# HEADER-NEXT:       return variant2::launch(stream, grid, x_ptr, n);
# HEADER:   return CUDA_ERROR_INVALID_VALUE;
# HEADER: inline CUresult launch_config(int config, CUstream stream, CUdeviceptr x_ptr, int32_t n) {
# HEADER: return variant3::launch(stream, x_ptr, n);
# HEADER: inline constexpr int64_t kTunedKeys0[] = {4096, 100};
# HEADER-NEXT: inline constexpr int kTunedConfigs0[] = {1, 0};
# HEADER: {"NVIDIA H100 80GB HBM3", kTunedKeys0, kTunedConfigs0, 2},
# HEADER: // The configuration launch() runs for these arguments: by the key (n),
# HEADER-NEXT: // from the current device's tuning table (keys rounded up to powers of two); 0 without one.
# HEADER-NEXT: inline int choose_config({{.*}}CUdeviceptr x_ptr, {{.*}}int32_t n) {
# HEADER-NEXT:   static ::tritonc_kernels::runtime::DeviceTables tables;
# HEADER-NEXT:   const int64_t key[] = {int64_t(n)};
# HEADER-NEXT:   return ::tritonc_kernels::runtime::tunedConfig(tables.get(kTables, 1), key, 1, true);
# HEADER: inline CUresult launch(CUstream stream, CUdeviceptr x_ptr, int32_t n) {
# HEADER-NEXT:   return launch_config(choose_config(x_ptr, n), stream, x_ptr, n);
# HEADER: inline constexpr const char *kResetToZero[] = {
# HEADER-NEXT:     "x_ptr",
# HEADER: inline constexpr ::tritonc_kernels::runtime::TuningInterface kTuning = {
# HEADER-NEXT:     "k", 2, detail::kConfigLabels, 2, detail::kParamNames, detail::kParamTypes,
# HEADER-NEXT:     1, detail::kKey, 1, detail::kResetToZero, 0, nullptr,
# HEADER-NEXT:     5, 20, detail::launchPacked, detail::launchChosen};

# META: "signature": "*fp32:16, i32, BLOCK=64, EVEN=True",
# META-NEXT: "key": ["n"],
# META-NEXT: "configurations": [
# META-NEXT: {
# META-NEXT: "label": "BLOCK=64, num_warps=2, num_stages=3",
# META-NEXT: "num_warps": 2,
# META-NEXT: "num_stages": 3,
# META-NEXT: "threads_per_block": 64,
# META-NEXT: "constexprs": {"BLOCK": 64},
# META-NEXT: "compilations": [
# META-NEXT: {"heuristics": "EVEN=True", "signature": "*fp32:16, i32, BLOCK=64, EVEN=True", "file": "k.ptx", "shared_bytes": 0},
# META-NEXT: {"heuristics": "EVEN=False", "signature": "*fp32:16, i32, BLOCK=64, EVEN=False", "file": "k.1.ptx", "shared_bytes": 0}
# META: "label": "BLOCK=128, num_warps=4, num_stages=3",
# META: "file": "k.3.ptx"

# NOGRID: inline CUresult launch_config(int config, CUstream stream, Grid grid,
# NOGRID-NOT: inline CUresult launch_config(int config, CUstream stream, CUdeviceptr
# NOGRID: inline int choose_config(
# NOGRID-NEXT: return 0;
# NOGRID: // then suit every configuration (compile with --grid for one per configuration).
# NOGRID-NEXT: inline CUresult launch(CUstream stream, Grid grid, CUdeviceptr x_ptr, int32_t n) {
# NOGRID-NOT: kTuning

# PROMISE: // Configuration 1 with EVEN=True.
# PROMISE-NEXT: namespace variant1 {
# PROMISE-NOT: namespace variant2 {
# PROMISE: case 1:
# PROMISE-NEXT: if (((::tritonc_kernels::runtime::floorMod(int64_t(n), int64_t(128)) == int64_t(0)) == true))
# PROMISE-NEXT: return variant1::launch(stream, grid, x_ptr, n);
# PROMISE-NEXT: break;
# PROMISE-NEXT: }
# PROMISE-NEXT: return CUDA_ERROR_INVALID_VALUE;

# TIR: load {{%[0-9]+}} : tensor<64xf32>
