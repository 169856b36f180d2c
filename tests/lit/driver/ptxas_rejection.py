# PTX that ptxas rejects is tritonc's bug: exit code 2 with ptxas's message,
# never exit 0. Without a ptxas (`--ptxas=`) the PTX is written unchecked.
# RUN: %tritonc %s -o %t.ptx --signature "*fp32, 64" --ptxas %S/Inputs/rejecting_ptxas.sh > %t.out 2>&1; \
# RUN:   echo "exit $?" >> %t.out
# RUN: FileCheck %s < %t.out
# RUN: %tritonc %s -o %t.ptx --signature "*fp32, 64" --ptxas=
# CHECK: ptxas fatal   : stand-in ptxas refuses every input
# CHECK: tritonc: internal compiler error: ptxas (`{{.*}}rejecting_ptxas.sh`) rejected the PTX tritonc wrote for sm_90a (exit status 255; its messages are above)
# CHECK: this is a bug in tritonc, not in your kernel
# CHECK: exit 2
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    tl.store(x_ptr + offs, offs.to(tl.float32))
