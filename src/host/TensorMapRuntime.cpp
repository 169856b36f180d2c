// The tensor-map part of the launcher runtime, as C++ text. Its guard is
// separate from the main runtime's, so that headers without tensor maps
// stay as they were, and any mix of headers in one program agrees.
#include "TensorMapRuntime.h"

namespace tritonc {

namespace {

const char *const kTensorMapRuntime = R"runtime(
#ifndef TRITONC_LAUNCHER_TENSOR_MAPS_V1
#define TRITONC_LAUNCHER_TENSOR_MAPS_V1

namespace tritonc_kernels {
namespace runtime {

// The map of a row-major [rows, cols] tensor at `base`, rows `rowStride`
// elements apart, read in boxes of [boxRows, boxCols] that land in shared
// memory with `swizzle`; elements outside the tensor read as zero. The
// launch checked the alignment of `base` and `rowStride` against the
// signature's hints; a tensor descriptor's are its contract, and the
// driver refuses a map that breaks it (the launch returns that error). An
// empty tensor leaves the map zeroed: a kernel that copies through it
// faults instead of reading stray memory.
inline CUresult encodeTensorMap(CUtensorMap *map, CUtensorMapDataType type, unsigned elementBytes,
                                CUdeviceptr base, int64_t rows, int64_t cols, int64_t rowStride,
                                unsigned boxRows, unsigned boxCols, CUtensorMapSwizzle swizzle) {
  *map = CUtensorMap{};
  if (rows <= 0 || cols <= 0 || rowStride <= 0)
    return CUDA_SUCCESS;
  const cuuint64_t dims[2] = {static_cast<cuuint64_t>(cols), static_cast<cuuint64_t>(rows)};
  const cuuint64_t strides[1] = {static_cast<cuuint64_t>(rowStride) * elementBytes};
  const cuuint32_t box[2] = {boxCols, boxRows};
  const cuuint32_t elementStrides[2] = {1, 1};
  return cuTensorMapEncodeTiled(map, type, 2, reinterpret_cast<void *>(base), dims, strides, box,
                                elementStrides, CU_TENSOR_MAP_INTERLEAVE_NONE, swizzle,
                                CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
}

} // namespace runtime
} // namespace tritonc_kernels

#endif // TRITONC_LAUNCHER_TENSOR_MAPS_V1

#ifndef TRITONC_LAUNCHER_TENSOR_MAPS_OF_RANK_V1
#define TRITONC_LAUNCHER_TENSOR_MAPS_OF_RANK_V1

namespace tritonc_kernels {
namespace runtime {

// As encodeTensorMap, for a tensor of `rank` (3 to 5) dims listed innermost
// first: `dims` their sizes, `strides` the elements between neighbours along
// each dim but the innermost, `box` the box (1 along the dims a window holds
// one index of).
inline CUresult encodeTensorMapOfRank(CUtensorMap *map, CUtensorMapDataType type, unsigned elementBytes,
                                      CUdeviceptr base, unsigned rank, const int64_t (&dims)[5],
                                      const int64_t (&strides)[4], const cuuint32_t (&box)[5],
                                      CUtensorMapSwizzle swizzle) {
  *map = CUtensorMap{};
  cuuint64_t globalDims[5] = {}, globalStrides[4] = {};
  const cuuint32_t elementStrides[5] = {1, 1, 1, 1, 1};
  for (unsigned d = 0; d < rank; ++d) {
    if (dims[d] <= 0 || (d + 1 < rank && strides[d] <= 0))
      return CUDA_SUCCESS;
    globalDims[d] = static_cast<cuuint64_t>(dims[d]);
    if (d + 1 < rank)
      globalStrides[d] = static_cast<cuuint64_t>(strides[d]) * elementBytes;
  }
  return cuTensorMapEncodeTiled(map, type, rank, reinterpret_cast<void *>(base), globalDims, globalStrides, box,
                                elementStrides, CU_TENSOR_MAP_INTERLEAVE_NONE, swizzle,
                                CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
}

} // namespace runtime
} // namespace tritonc_kernels

#endif // TRITONC_LAUNCHER_TENSOR_MAPS_OF_RANK_V1
)runtime";

} // namespace

const std::string &tensorMapRuntimeSection() {
  static const std::string text = kTensorMapRuntime; // its leading newline parts it from the runtime's guard
  return text;
}

} // namespace tritonc
