# Cache modifiers in Triton's spelling (one hint per access: Triton's own PTX
# fails to assemble with both), a volatile load, and optional
# pointers passed as None (specialised away) or given.
import triton
import triton.language as tl


@triton.jit
def hinted_copy(x_ptr, o_ptr, n, N: tl.constexpr):
    offs = tl.arange(0, N)
    m = offs < n
    a = tl.load(x_ptr + offs, mask=m, cache_modifier=".ca")
    b = tl.load(x_ptr + offs, mask=m, cache_modifier=".cg") + tl.load(x_ptr + offs, mask=m, eviction_policy="evict_last")
    c = tl.load(x_ptr + offs, mask=m, volatile=True)
    tl.store(o_ptr + offs, a, mask=m, cache_modifier=".cs")
    tl.store(o_ptr + n + offs, b + c, mask=m, cache_modifier=".wt")
    tl.store(o_ptr + 2 * n + offs, c, mask=m, eviction_policy="evict_first")


@triton.jit
def optional_affine(x_ptr, w_ptr, b_ptr, o_ptr, n, N: tl.constexpr):
    offs = tl.arange(0, N)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    if w_ptr is not None:
        x = x * tl.load(w_ptr + offs, mask=m)
    if b_ptr is not None:
        x = x + tl.load(b_ptr + offs, mask=m)
    tl.store(o_ptr + offs, x, mask=m)

# CASE {"name": "hints", "kernel": "hinted_copy", "grid": [1], "params": [["x_ptr", "*fp32", 256, "randn"], ["o_ptr", "*fp32", 768, "out"], ["n", "i32", 200], ["N", 256]]}
# CASE {"name": "no_bias", "kernel": "optional_affine", "grid": [1], "params": [["x_ptr", "*fp32", 256, "randn"], ["w_ptr", "*fp32", 256, "randn"], ["b_ptr", null], ["o_ptr", "*fp32", 256, "out"], ["n", "i32", 200], ["N", 256]]}
# CASE {"name": "no_weight", "kernel": "optional_affine", "grid": [1], "params": [["x_ptr", "*fp32", 256, "randn"], ["w_ptr", null], ["b_ptr", "*fp32", 256, "randn"], ["o_ptr", "*fp32", 256, "out"], ["n", "i32", 200], ["N", 256]]}
