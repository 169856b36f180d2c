# Session 15's campaign (dt_200021, dt_202276): a block pointer over bool
# memory is an int8 block pointer in Triton, so `~` of what it loads is
# int8 (bytes 0xff / 0xfe), and a column sum of it counts bytes.
import triton
import triton.language as tl


@triton.jit
def bool_block_pointer(x_ptr, o_ptr, s_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    pid_m = tl.program_id(0)
    block = tl.make_block_ptr(x_ptr, shape=(M, N), strides=(N, 1), offsets=(pid_m * BM, 0), block_shape=(BM, BN),
                              order=(1, 0))
    v = tl.load(block, boundary_check=(0, 1), padding_option="zero")
    rows = pid_m * BM + tl.arange(0, BM)
    cols = tl.arange(0, BN)
    mask = (rows < M)[:, None] & (cols < N)[None, :]
    tl.store(o_ptr + rows[:, None] * N + cols[None, :], ~v, mask=mask)
    tl.store(s_ptr + pid_m * BN + cols, tl.sum(v, axis=0) << 8, mask=cols < N)

# CASE {"name": "bool_block_pointer", "kernel": "bool_block_pointer", "grid": [2], "params": [["x_ptr", "*i1", 150, "int:0:2"], ["o_ptr", "*i1", 150, "out"], ["s_ptr", "*i32", 32, "out"], ["M", "i32", 10], ["N", "i32", 15], ["BM", 8], ["BN", 16]]}
