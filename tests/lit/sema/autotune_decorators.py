# A kernel under @triton.autotune and @triton.heuristics compiles when the
# signature gives the meta-parameters the configs and heuristics would set
# (what the decorators record is checked in tests/unit/DecoratorsTest.cpp).
# RUN: %tritonc %s --signature "*fp32:16, i32, 128, True" --emit tir -o - | FileCheck %s
import triton
import triton.language as tl

BLOCKS = 64


@triton.autotune(
    configs=[
        triton.Config({"BLOCK": BLOCKS}, num_warps=2),
        triton.Config({"BLOCK": 128}, num_warps=4, num_stages=3),
    ],
    key=["n"],
)
@triton.heuristics({"EVEN": lambda args: args["n"] % args["BLOCK"] == 0})
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr, EVEN: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    # CHECK: load {{%[0-9]+}} : tensor<128xf32>
    if EVEN:
        x = tl.load(x_ptr + offs)
    else:
        x = tl.load(x_ptr + offs, mask=offs < n)
    tl.store(x_ptr + offs, x + 1, mask=offs < n)
