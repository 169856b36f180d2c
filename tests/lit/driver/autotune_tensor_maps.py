# Each configuration of an autotuned kernel that copies with TMA has its own
# tensor maps (their boxes follow its tile sizes): the metadata lists them
# with each compilation, and the header builds each configuration's own.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %tritonc %s --kernel tiles -o %t/k.ptx --header %t/k.h --signature "*fp16:16, *fp16:16, *fp32:16, i32, i32:8, i32:8" --ptxas=
# RUN: FileCheck %s --check-prefix=META < %t/k.json
# RUN: FileCheck %s --check-prefix=HEADER < %t/k.h
import triton
import triton.language as tl


@triton.autotune(configs=[triton.Config({"BLOCK_K": 64}, num_warps=4, num_stages=3),
                          triton.Config({"BLOCK_K": 32}, num_warps=4, num_stages=4)], key=["K"])
@triton.jit
def tiles(a_ptr, b_ptr, c_ptr, M, N, K, BLOCK_K: tl.constexpr):
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[64, BLOCK_K])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[K, N], strides=[N, 1], block_shape=[BLOCK_K, 64])
    acc = tl.zeros((64, 64), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        acc = tl.dot(a_desc.load([tl.program_id(0) * 64, k * BLOCK_K]), b_desc.load([k * BLOCK_K, 0]), acc)
    offs = tl.arange(0, 64)
    tl.store(c_ptr + offs[:, None] * 64 + offs[None, :], acc)

# META: "label": "BLOCK_K=64, num_warps=4, num_stages=3"
# META: "file": "k.ptx", "shared_bytes": {{[0-9]+}},
# META-NEXT: "tensor_maps": [
# META-NEXT: {"global_address": "a_ptr", {{.*}} "box_dims": [64, 64], {{.*}} "swizzle": "128B",
# META-NEXT: {"global_address": "b_ptr", {{.*}} "box_dims": [64, 64], {{.*}} "swizzle": "128B",
# META: "label": "BLOCK_K=32, num_warps=4, num_stages=4"
# META: "file": "k.1.ptx", "shared_bytes": {{[0-9]+}},
# META-NEXT: "tensor_maps": [
# META-NEXT: {"global_address": "a_ptr", {{.*}} "box_dims": [32, 64], {{.*}} "swizzle": "64B",
# META-NEXT: {"global_address": "b_ptr", {{.*}} "box_dims": [64, 32], {{.*}} "swizzle": "128B",

# HEADER: namespace variant0 {
# HEADER: &maps[0], CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 2, a_ptr, M, K, K, 64, 64, CU_TENSOR_MAP_SWIZZLE_128B);
# HEADER: namespace variant1 {
# HEADER: &maps[0], CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 2, a_ptr, M, K, K, 64, 32, CU_TENSOR_MAP_SWIZZLE_64B);
