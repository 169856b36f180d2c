# RUN: not %tritonc %s -o %t.ptx --signature "*fp32" 2>&1 | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def k(x_ptr):
    # CHECK: [[@LINE+1]]:33: error: `tl.program_id` has no parameter named `dim` [UnknownKeyword]
    pid = tl.program_id(axis=0, dim=1)
    tl.store(x_ptr + pid, 1.0)
