# Philox streams: tl.rand/randn/randint/randint4x from a seed and offsets,
# compared bit for bit (randn within a float tolerance: its log/cos may round
# differently).
import triton
import triton.language as tl


@triton.jit
def streams(u_ptr, n_ptr, i_ptr, q_ptr, seed, N: tl.constexpr):
    offs = tl.arange(0, N)
    tl.store(u_ptr + offs, tl.rand(seed, offs))
    tl.store(n_ptr + offs, tl.randn(seed, offs + 7))
    tl.store(i_ptr + offs, tl.randint(seed, offs * 3))
    a, b, c, d = tl.randint4x(seed, offs, n_rounds=7)
    tl.store(q_ptr + offs, a ^ b ^ c ^ d)

# CASE {"tols": {"n_ptr": 1e-06}, "name": "philox", "kernel": "streams", "grid": [1], "params": [["u_ptr", "*fp32", 512, "out"], ["n_ptr", "*fp32", 512, "out"], ["i_ptr", "*i32", 512, "out"], ["q_ptr", "*i32", 512, "out"], ["seed", "i32", 20261125], ["N", 512]]}
