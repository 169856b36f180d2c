# Bool memory as Triton treats it: bytes. Non-bool values stored through an
# `*i1` pointer become int8 (~int8, fp32 truncation), a load's `other` too,
# and block pointers over bool memory load and store int8.
import triton
import triton.language as tl


@triton.jit
def bool_bytes(x_ptr, f_ptr, o_ptr, p_ptr, q_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    w = tl.load(x_ptr + offs)
    tl.store(o_ptr + offs, ~w)
    tl.store(p_ptr + offs, tl.load(f_ptr + offs))
    tl.store(q_ptr + offs, tl.load(o_ptr + offs, mask=offs < N // 2, other=0.5))


@triton.jit
def bool_block_bytes(b_ptr, o_ptr, BM: tl.constexpr, BN: tl.constexpr):
    v = tl.load(tl.make_block_ptr(b_ptr, shape=(BM, BN), strides=(BN, 1), offsets=(0, 0), block_shape=(BM, BN),
                                  order=(1, 0)))
    tl.store(tl.make_block_ptr(o_ptr, shape=(BM, BN), strides=(BN, 1), offsets=(0, 0), block_shape=(BM, BN),
                               order=(1, 0)), ~v)

# CASE {"name": "stores", "kernel": "bool_bytes", "grid": [1], "params": [["x_ptr", "*i8", 256, "int:-128:127"], ["f_ptr", "*fp32", 256, "list:-2,-1.5,-0.5,0,0.5,1.5,2.5,100.7,-7.9"], ["o_ptr", "*i1", 256, "out"], ["p_ptr", "*i1", 256, "out"], ["q_ptr", "*i1", 256, "out"], ["N", 256]]}
# CASE {"name": "block", "kernel": "bool_block_bytes", "grid": [1], "params": [["b_ptr", "*i1", 256, "int:0:2"], ["o_ptr", "*i1", 256, "out"], ["BM", 16], ["BN", 16]]}
