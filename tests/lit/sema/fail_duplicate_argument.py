# RUN: not %tritonc %s -o %t.ptx --signature "*fp32" 2>&1 | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def k(x_ptr):
    # CHECK: [[@LINE+2]]:28: error: argument `axis` of `tl.program_id` is given more than once [DuplicateArgument]
    # CHECK-NEXT: pid = tl.program_id(0, axis=0)
    pid = tl.program_id(0, axis=0)
    tl.store(x_ptr + pid, 1.0)
