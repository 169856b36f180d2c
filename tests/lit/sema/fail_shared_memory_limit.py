# A kernel whose shared memory exceeds what one block may have on the
# target is refused at compile time, at the operation that needs the most,
# rather than compiled into a kernel whose launch fails: a broadcast product
# of 4 x 32 x 32 x 32 fp32 values changing layout needs 528 KB. The same
# operation fits when the tiles are small.
# RUN: not %tritonc %s -o %t.ptx --signature "*fp32:16, *fp32:16, *fp32:16, 32" 2>&1 | FileCheck %s
# RUN: not %tritonc %s -o %t.ptx --arch sm_80 --signature "*fp32:16, *fp32:16, *fp32:16, 32" 2>&1 | FileCheck %s --check-prefix=SM80
# RUN: %tritonc %s -o %t.ptx --signature "*fp32:16, *fp32:16, *fp32:16, 8"
import triton
import triton.language as tl


@triton.jit
def outer_sums(a_ptr, b_ptr, o_ptr, S: tl.constexpr):
    rb = tl.arange(0, 4)[:, None, None]
    rm = tl.arange(0, S)[None, :, None]
    rn = tl.arange(0, S)[None, None, :]
    a = tl.load(a_ptr + rb * S * S + rm * S + rn)
    b = tl.load(b_ptr + rb * S * S + rm * S + rn)
    # CHECK: [[@LINE+2]]:{{[0-9]+}}: error: the kernel needs {{[0-9]+}} bytes of shared memory, {{[0-9]+}} of them for this operation; a block on `sm_90a` has at most 232448; use smaller tiles or fewer stages [TooMuchSharedMemory]
    # SM80: error: {{.*}} a block on `sm_80` has at most 166912
    c = tl.sum(a[:, :, :, None] * b[:, None, :, :], axis=2)
    tl.store(o_ptr + rb * S * S + rm * S + rn, c)
