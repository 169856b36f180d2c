# RUN: not %tritonc %s -o %t.ptx --signature "*fp32" 2>&1 | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def k(x_ptr):
    # CHECK: [[@LINE+1]]:11: error: wrong number of arguments to `tl.program_id`: expected 1, found 0 [WrongArgCount]
    pid = tl.program_id()
    # CHECK: [[@LINE+1]]:12: error: wrong number of arguments to `tl.arange`: expected 2, found 3 [WrongArgCount]
    offs = tl.arange(0, 16, 2)
