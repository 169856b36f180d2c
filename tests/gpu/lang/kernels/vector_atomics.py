# Float atomic adds over tiles, a run of 16 bytes per instruction on sm_90
# (`atom.add.noftz.v8.bf16`, `.v8.f16`, `.v4.f32`; `red` when the old
# value is not read and the ordering is relaxed): several programs add
# small integers into the same rows, so every order gives the same exact
# sums; masked rows, a column bound inside a run, and the old values read
# back are compared with Triton's too.
import triton
import triton.language as tl


@triton.jit
def scatter_rows(src_ptr, dst_ptr, idx_ptr, n_rows, n_cols, WIDTH: tl.constexpr, ROWS: tl.constexpr):
    pid = tl.program_id(0)
    rows = pid * ROWS + tl.arange(0, ROWS)
    cols = tl.arange(0, WIDTH)
    in_rows = rows < n_rows
    target = tl.load(idx_ptr + rows, mask=in_rows, other=0)
    values = tl.load(src_ptr + rows[:, None] * WIDTH + cols[None, :], mask=in_rows[:, None], other=0.0)
    tl.atomic_add(dst_ptr + target[:, None] * WIDTH + cols[None, :], values, mask=in_rows[:, None])
    # Relaxed, unread: a `red`.
    tl.atomic_add(dst_ptr + 8 * WIDTH + target[:, None] * WIDTH + cols[None, :], values, mask=in_rows[:, None],
                  sem="relaxed")
    # A column bound that may fall inside a run.
    tl.atomic_add(dst_ptr + 16 * WIDTH + target[:, None] * WIDTH + cols[None, :], values,
                  mask=in_rows[:, None] & (cols < n_cols)[None, :])


@triton.jit
def add_reading_old(dst_ptr, old_ptr, WIDTH: tl.constexpr, ROWS: tl.constexpr):
    offsets = tl.arange(0, ROWS)[:, None] * WIDTH + tl.arange(0, WIDTH)[None, :]
    old = tl.atomic_add(dst_ptr + offsets, tl.full((ROWS, WIDTH), 2.0, dst_ptr.dtype.element_ty))
    tl.store(old_ptr + offsets, old)

# CASE {"name": "bf16_rows", "kernel": "scatter_rows", "grid": [16], "params": [["src_ptr", "*bf16", 8192, "int:-3:4"], ["dst_ptr", "*bf16", 1536, "int:-5:5"], ["idx_ptr", "*i32", 128, "int:0:8"], ["n_rows", "i32", 121], ["n_cols", "i32", 37], ["WIDTH", 64], ["ROWS", 8]]}
# CASE {"name": "fp16_rows", "kernel": "scatter_rows", "grid": [16], "params": [["src_ptr", "*fp16", 8192, "int:-3:4"], ["dst_ptr", "*fp16", 1536, "int:-5:5"], ["idx_ptr", "*i32", 128, "int:0:8"], ["n_rows", "i32", 121], ["n_cols", "i32", 37], ["WIDTH", 64], ["ROWS", 8]]}
# CASE {"name": "fp32_rows", "kernel": "scatter_rows", "grid": [16], "params": [["src_ptr", "*fp32", 8192, "int:-3:4"], ["dst_ptr", "*fp32", 1536, "int:-5:5"], ["idx_ptr", "*i32", 128, "int:0:8"], ["n_rows", "i32", 121], ["n_cols", "i32", 37], ["WIDTH", 64], ["ROWS", 8]]}
# CASE {"name": "bf16_old", "kernel": "add_reading_old", "grid": [1], "params": [["dst_ptr", "*bf16", 2048, "int:-5:5"], ["old_ptr", "*bf16", 2048, "out"], ["WIDTH", 64], ["ROWS", 32]]}
# CASE {"name": "fp32_old", "kernel": "add_reading_old", "grid": [1], "params": [["dst_ptr", "*fp32", 2048, "int:-5:5"], ["old_ptr", "*fp32", 2048, "out"], ["WIDTH", 64], ["ROWS", 32]]}
