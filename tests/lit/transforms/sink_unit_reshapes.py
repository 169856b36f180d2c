# A batched matmul through 3-D tensor descriptors, written as real code
# writes it (Liger's mlp.py): the [1, BM, BK] tile reshaped for the dot and
# the products reshaped to [1, BM, BN] for the store. The reshapes move onto
# the addresses, so the A tile is copied ahead by cp.async like any 2-D
# tile (it was loaded and staged every iteration), and the products are
# cast in their MMA layout and converted once, as fp16, for the store (they
# were exchanged as fp32 through shared memory for the reshape).
# RUN: %tritonc %s --signature "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, 64, 64, 32" --arch sm_90a --emit tir-gpu -o - | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def batched_matmul(a_ptr, w_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    b = tl.program_id(1)
    m0 = tl.program_id(0) * BM
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[4, M, K], strides=[M * K, K, 1], block_shape=[1, BM, BK])
    w_desc = tl.make_tensor_descriptor(w_ptr, shape=[N, K], strides=[K, 1], block_shape=[BN, BK])
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[4, M, N], strides=[M * N, N, 1], block_shape=[1, BM, BN])
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    # CHECK: reshape {{%[0-9]+}} : tensor<64x32xptr<f16>
    # CHECK: async_copy {{.*}} {width = 8}
    # CHECK: for
    # CHECK-NOT: local_store
    # CHECK: dot
    # CHECK: async_copy {{.*}} {width = 8}
    for k in range(0, K, BK):
        a = tl.reshape(a_desc.load([b, m0, k]), [BM, BK])
        w = w_desc.load([0, k])
        acc = tl.dot(a, tl.trans(w), acc)
    # CHECK-NOT: reshape {{%[0-9]+}} : tensor<1x64x64xf32
    # CHECK: truncf {{%[0-9]+}} : tensor<64x64xf16, #mma
    # CHECK: reshape {{%[0-9]+}} : tensor<64x64xptr<f16>
    # CHECK: [[VALUE:%[0-9]+]] = convert_layout {{%[0-9]+}} : tensor<64x64xf16, #blocked
    # CHECK-NEXT: store {{%[0-9]+}}, [[VALUE]]
    c_desc.store([b, m0, 0], tl.reshape(acc, [1, BM, BN]).to(tl.float16))
