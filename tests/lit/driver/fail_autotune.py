# Autotune and heuristics mistakes, each at its place in the decorator,
# when the signature leaves the meta-parameters out (every configuration
# compiled); `prune_configs_by` only warns.
# RUN: not %tritonc %s --kernel unreadable -o %t.ptx --signature "*fp32, i32" 2>&1 | FileCheck %s --check-prefix=UNREADABLE
# RUN: not %tritonc %s --kernel missing -o %t.ptx --signature "*fp32, i32" 2>&1 | FileCheck %s --check-prefix=MISSING
# RUN: not %tritonc %s --kernel duplicate -o %t.ptx --signature "*fp32, i32" 2>&1 | FileCheck %s --check-prefix=DUPLICATE
# RUN: not %tritonc %s --kernel bad_key -o %t.ptx --signature "*fp32, i32" 2>&1 | FileCheck %s --check-prefix=BAD_KEY
# RUN: %tritonc %s --kernel pruned -o %t.ptx --signature "*fp32, i32" 2>&1 | FileCheck %s --check-prefix=PRUNED
# RUN: not %tritonc %s --kernel reset_scalar -o %t.ptx --signature "*fp32, i32" 2>&1 | FileCheck %s --check-prefix=RESET_SCALAR
# RUN: not %tritonc %s --kernel attribute -o %t.ptx --signature "*fp32, i32" 2>&1 | FileCheck %s --check-prefix=ATTRIBUTE
# RUN: not %tritonc %s --kernel true_division -o %t.ptx --signature "*fp32, i32" 2>&1 | FileCheck %s --check-prefix=TRUE_DIVISION
# RUN: not %tritonc %s --kernel runtime_value -o %t.ptx --signature "*fp32, i32" 2>&1 | FileCheck %s --check-prefix=RUNTIME_VALUE
# RUN: not %tritonc %s --kernel mismatch -o %t.ptx --signature "x_ptr=*fp32, n=i32, WIDE=False" 2>&1 | FileCheck %s --check-prefix=MISMATCH
# RUN: not %tritonc %s --kernel from_a_name -o %t.ptx --signature "*fp32, i32" 2>&1 | FileCheck %s --check-prefix=NAMED_LIST
import triton
import triton.language as tl


# UNREADABLE: [[@LINE+1]]:57: error: configuration 2 of `@triton.autotune` is not a `triton.Config(...)`; every configuration is compiled when the signature leaves out the meta-parameters, so each must be written out [AutotuneUnreadable]
@triton.autotune(configs=[triton.Config({"BLOCK": 64}), make_config()], key=["n"])
@triton.jit
def unreadable(x_ptr, n, BLOCK: tl.constexpr):
    tl.store(x_ptr + tl.arange(0, BLOCK), 1.0)


# MISSING: [[@LINE+1]]:69: error: configuration 2 does not set `SPLIT`, which another configuration sets, and `SPLIT` has no default; set it in every configuration [AutotuneMissingMeta]
@triton.autotune(configs=[triton.Config({"BLOCK": 64, "SPLIT": 2}), triton.Config({"BLOCK": 32})], key=["n"])
@triton.jit
def missing(x_ptr, n, BLOCK: tl.constexpr, SPLIT: tl.constexpr):
    tl.store(x_ptr + tl.arange(0, BLOCK), 1.0)


# DUPLICATE: [[@LINE+1]]:70: error: configuration 2 repeats configuration 1 (BLOCK=64, num_warps=4, num_stages=3); drop one [AutotuneDuplicate]
@triton.autotune(configs=[triton.Config({"BLOCK": 64}, num_warps=4), triton.Config({"BLOCK": 64})], key=["n"])
@triton.jit
def duplicate(x_ptr, n, BLOCK: tl.constexpr):
    tl.store(x_ptr + tl.arange(0, BLOCK), 1.0)


# BAD_KEY: [[@LINE+1]]:62: error: autotune key `BLOCK` is a meta-parameter the configurations set; key on integer arguments of the kernel [AutotuneKey]
@triton.autotune(configs=[triton.Config({"BLOCK": 64})], key=["BLOCK"])
@triton.jit
def bad_key(x_ptr, n, BLOCK: tl.constexpr):
    tl.store(x_ptr + tl.arange(0, BLOCK), 1.0)


# PRUNED: [[@LINE+1]]:69: warning: `prune_configs_by=` calls Python functions tritonc does not run; every configuration is compiled and `tritonc-tune` times them all [AutotuneOption]
@triton.autotune(configs=[triton.Config({"BLOCK": 64})], key=["n"], prune_configs_by={"top_k": 2})
@triton.jit
def pruned(x_ptr, n, BLOCK: tl.constexpr):
    tl.store(x_ptr + tl.arange(0, BLOCK), 1.0)


# RESET_SCALAR: [[@LINE+1]]:69: error: `reset_to_zero=` names `n`, which is not a pointer argument; name the buffers the kernel writes [AutotuneOption]
@triton.autotune(configs=[triton.Config({"BLOCK": 64})], key=["n"], reset_to_zero=["n"])
@triton.jit
def reset_scalar(x_ptr, n, BLOCK: tl.constexpr):
    tl.store(x_ptr + tl.arange(0, BLOCK), 1.0)


# ATTRIBUTE: [[@LINE+1]]:42: error: heuristic `EVEN` uses an attribute, which the launcher cannot evaluate; only `args["NAME"]` values can be read [HeuristicUnsupported]
@triton.heuristics({"EVEN": lambda args: args["x_ptr"].dtype == tl.float32})
@triton.jit
def attribute(x_ptr, n, EVEN: tl.constexpr):
    tl.store(x_ptr + tl.arange(0, 16), 1.0)


# TRUE_DIVISION: [[@LINE+1]]:42: error: heuristic `HALF` uses true division `/`, which the launcher cannot evaluate; use `//`, integer division rounding down [HeuristicUnsupported]
@triton.heuristics({"HALF": lambda args: args["n"] / 2})
@triton.jit
def true_division(x_ptr, n, HALF: tl.constexpr):
    tl.store(x_ptr + tl.arange(0, 16), 1.0)


# RUNTIME_VALUE: [[@LINE+1]]:30: error: heuristic `BLOCK` computes a non-boolean value from run-time arguments, so no fixed set of compilations covers it; give its value in the signature (`BLOCK=...`) [HeuristicRuntimeValue]
@triton.heuristics({"BLOCK": lambda args: triton.next_power_of_2(args["n"])})
@triton.jit
def runtime_value(x_ptr, n, BLOCK: tl.constexpr):
    tl.store(x_ptr + tl.arange(0, BLOCK), 1.0)


@triton.autotune(configs=[triton.Config({"BLOCK": 64})], key=["n"])
# MISMATCH: [[@LINE+1]]:29: error: the signature gives `WIDE=False`, but the heuristic computes `True` for configuration 1 [HeuristicMismatch]
@triton.heuristics({"WIDE": lambda args: args["BLOCK"] >= 64})
@triton.jit
def mismatch(x_ptr, n, BLOCK: tl.constexpr, WIDE: tl.constexpr):
    tl.store(x_ptr + tl.arange(0, BLOCK), 1.0)


CONFIGS = [triton.Config({"BLOCK": 64})]


# NAMED_LIST: [[@LINE+3]]:26: error: configuration list of `@triton.autotune` is not a list written out; {{.*}} [AutotuneUnreadable]
# NAMED_LIST-NEXT: @triton.autotune(configs=CONFIGS, key=["n"])
# NAMED_LIST-NEXT: {{^ *\| *}}^~~~~~~
@triton.autotune(configs=CONFIGS, key=["n"])
@triton.jit
def from_a_name(x_ptr, n, BLOCK: tl.constexpr):
    tl.store(x_ptr + tl.arange(0, BLOCK), 1.0)
