// The study's hand-written CUDA column: a fused RoPE in plain CUDA C++,
// organised the way fused RoPE kernels of GPU training libraries are, so
// that tritonc is compared with what a CUDA programmer would ship rather
// than with torch's chain of elementwise kernels.
//
// Same function as samples/rope.py: x is [seq, batch, heads, head_dim] bf16
// (the last dimension contiguous), cos/sin are fp32 tables [seq, head_dim]
// of which the first head_dim/2 columns are read, and element j of a head
// is rotated with element j + head_dim/2 ("rotate half", not interleaved).
// The backward pass rotates by -theta.
//
// Built into a shared library by rope_study.py on the GPU machine and called
// through ctypes: rope_cuda() returns a cudaError_t as an int.
#include <cuda_bf16.h>
#include <cuda_runtime.h>

namespace {

// One block per (seq, batch) position. threadIdx.x walks the head_dim/2
// rotation pairs, threadIdx.y the heads. Looping over heads inside the loop
// over pairs lets a thread load its pair's cos and sin once and reuse them
// for every head it visits: all heads of one position turn by the same
// angles. Neighbouring lanes take neighbouring pairs, so each warp's loads
// and stores cover contiguous bytes.
__global__ void rope_rotate_pairs(const __nv_bfloat16 *__restrict__ x, __nv_bfloat16 *__restrict__ out,
                                  const float *__restrict__ cos_table, const float *__restrict__ sin_table,
                                  int heads, int head_dim, long long stride_s, long long stride_b,
                                  long long stride_h, float sin_sign) {
  const long long s = blockIdx.x;
  const long long b = blockIdx.y;
  const int half = head_dim / 2;
  const long long position = s * stride_s + b * stride_b;
  const float *cos_row = cos_table + s * head_dim;
  const float *sin_row = sin_table + s * head_dim;
  for (int j = threadIdx.x; j < half; j += blockDim.x) {
    const float c = cos_row[j];
    const float sn = sin_sign * sin_row[j];
    for (int h = threadIdx.y; h < heads; h += blockDim.y) {
      const long long first = position + h * stride_h + j;
      const float x1 = __bfloat162float(x[first]);
      const float x2 = __bfloat162float(x[first + half]);
      out[first] = __float2bfloat16_rn(x1 * c - x2 * sn);
      out[first + half] = __float2bfloat16_rn(x2 * c + x1 * sn);
    }
  }
}

} // namespace

extern "C" int rope_cuda(void *stream, const void *x, void *out, const void *cos_table, const void *sin_table,
                         int seq, int batch, int heads, int head_dim, long long stride_s, long long stride_b,
                         long long stride_h, int backward) {
  if (seq <= 0 || batch <= 0 || heads <= 0 || head_dim < 2 || head_dim % 2 != 0 || batch > 65535)
    return static_cast<int>(cudaErrorInvalidValue);
  // A warp across the pairs and up to 8 warps across the heads; fewer
  // warps when there are fewer heads, since a warp without a head would
  // only wait. (Under 32 pairs, head_dim < 64, some lanes idle, as in the
  // kernels this one imitates.)
  const dim3 block(32, heads < 8 ? heads : 8);
  const dim3 grid(static_cast<unsigned>(seq), static_cast<unsigned>(batch));
  rope_rotate_pairs<<<grid, block, 0, static_cast<cudaStream_t>(stream)>>>(
      static_cast<const __nv_bfloat16 *>(x), static_cast<__nv_bfloat16 *>(out),
      static_cast<const float *>(cos_table), static_cast<const float *>(sin_table), heads, head_dim, stride_s,
      stride_b, stride_h, backward ? -1.0f : 1.0f);
  return static_cast<int>(cudaGetLastError());
}
