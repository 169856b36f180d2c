# A kernel file as real code bases write them: host code beside kernels.
# Host code is kept only as far as a kernel could use it and is never an
# error: classes, wrappers, `with` blocks, comprehensions, f-strings.
# RUN: %tritonc %s --emit ast -o - | FileCheck %s
# The `tanh` the kernel uses is the first import of the `try` that resolves:
# RUN: %tritonc %s --emit tir -o - --signature "*fp32, i32, 64" | FileCheck --check-prefix=TIR %s
# TIR: extern_call {{.*}} {symbol = "__nv_tanhf"} : tensor<64xf32>
import operator

import torch
import triton
import triton.language as tl

# The condition is host Python that parses (the comprehension is Python's
# to run); sema finds it undecidable and keeps both branches.
# CHECK: If
# CHECK-NEXT: BoolOp and
# CHECK: ListComprehension
# CHECK: Try
# CHECK-NEXT: ImportFrom triton.language.extra.libdevice
# CHECK-NEXT: Alias tanh
# CHECK-NEXT: Except
# CHECK-NEXT: ImportFrom triton.language.extra.cuda.libdevice
if compare_version("triton", operator.ge, "3.0.0") and [v for v in (1, 2)]:
    try:
        from triton.language.extra.libdevice import tanh
    except (ImportError, ModuleNotFoundError) as e:
        from triton.language.extra.cuda.libdevice import tanh
else:
    from triton.language.math import tanh

# CHECK: HostCode statement binds SIZES @[[@LINE+1]]:1
SIZES = {f"n{k}": k for k in range(8)}
# CHECK: Assign
# CHECK: Name DEVICE
DEVICE = torch.device("cuda")


# CHECK: FunctionDef kernel
# CHECK-NEXT: Decorator
# CHECK-NEXT: HostCode triton.autotune
# CHECK-NEXT: Decorator
# CHECK-NEXT: Attribute jit
@triton.autotune(configs=[triton.Config({"B": b}, num_warps=w) for b in (64, 128) for w in (4, 8)], key=["n"])
@triton.jit
def kernel(x_ptr, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    tl.store(x_ptr + offs, tanh(tl.load(x_ptr + offs, mask=offs < n)), mask=offs < n)


# CHECK: HostCode class binds Tanh @[[@LINE+1]]:1
class Tanh(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        y = torch.empty_like(x)
        kernel[(1,)](y, x.numel())
        return y


# CHECK: FunctionDef plain
def plain(x: torch.Tensor) -> torch.Tensor:
    return x


# CHECK: HostCode function binds wrapper @[[@LINE+1]]:1
def wrapper(*args, **kwargs):
    with torch.no_grad():
        print(f"{args!r}")
        return Tanh.apply(*args)


# CHECK: HostCode with @[[@LINE+1]]:1
with open(__file__) as f:
    text = f.read()
# CHECK: HostCode for
for name in ("a", "b"):
    pass
else:
    pass
# CHECK-NOT: error
