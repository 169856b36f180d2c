# .difftest-findings.md 2: tl.minimum / tl.maximum turn a Python number
# into a tensor (int32 or fp32) before promoting, so a narrow operand
# widens: u8 with 2 computes in int32, fp16 with 0.1 in fp32.
import triton
import triton.language as tl


@triton.jit
def minimum_const(u_ptr, h_ptr, o_ptr, p_ptr):
    i = tl.arange(0, 64)
    tl.store(o_ptr + i, (tl.minimum(tl.load(u_ptr + i), 2) - 3) < 0)
    tl.store(p_ptr + i, tl.maximum(tl.load(h_ptr + i), 0.1).to(tl.float32))

# CASE {"name": "minimum_const", "kernel": "minimum_const", "grid": [1], "params": [["u_ptr", "*u8", 64, "int:0:10"], ["h_ptr", "*fp16", 64, "list:0.05,0.1,-1.0,3.0"], ["o_ptr", "*i1", 64, "out"], ["p_ptr", "*fp32", 64, "out"]]}
