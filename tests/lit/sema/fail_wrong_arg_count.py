# RUN: not %tritonc %s -o %t.ptx --signature "*fp32" 2>&1 | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def k(x_ptr):
    # CHECK: [[@LINE+1]]:11: error: `tl.program_id` takes 1 arguments, found 0 [WrongArgCount]
    pid = tl.program_id()
    # CHECK: [[@LINE+1]]:12: error: `tl.arange` takes 2 arguments, found 3 [WrongArgCount]
    offs = tl.arange(0, 16, 2)
