# .difftest-findings.md 1: bf16 combined with an integer tensor computes in
# fp32 under Triton (semantic.computation_type_impl: bf16 only if both
# operands are bf16), whether the integer is a block, a reduction's 0-d
# result or a run-time scalar argument.
import triton
import triton.language as tl


@triton.jit
def bf16_int(x_ptr, y_ptr, o_ptr, p_ptr, q_ptr, s):
    i = tl.arange(0, 64)
    x = tl.load(x_ptr + i)
    y = tl.load(y_ptr + i)
    tl.store(o_ptr + i, (x + y).to(tl.float32))
    tl.store(p_ptr + i, (x * tl.sum(y, axis=0)).to(tl.float32))
    tl.store(q_ptr + i, (x - s).to(tl.float32))

# CASE {"name": "bf16_int", "kernel": "bf16_int", "grid": [1], "params": [["x_ptr", "*bf16", 64, "randn:10"], ["y_ptr", "*i32", 64, "int:-300:300"], ["o_ptr", "*fp32", 64, "out"], ["p_ptr", "*fp32", 64, "out"], ["q_ptr", "*fp32", 64, "out"], ["s", "i32", 257]]}
