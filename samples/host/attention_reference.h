// Attention in double on the CPU, for the forward and backward checks:
// q, k, v and their gradients are [batch, heads, seq, kHeadDim], contiguous,
// as the samples' attention kernels see them through their strides.
#pragma once

#include <vector>

namespace samples {

inline constexpr int kHeadDim = 128;

struct AttentionShape {
  int batch, heads, seq;
  bool causal;
  std::size_t rows() const { return std::size_t(batch) * heads * seq; }
  std::size_t elements() const { return rows() * kHeadDim; }
};

struct AttentionForward {
  std::vector<double> out;
  std::vector<double> lse2; // per row: the log-sum-exp of the scaled scores, in base 2, as the kernel stores it
};

AttentionForward attentionForward(const AttentionShape &shape, double scale, const std::vector<double> &q,
                                  const std::vector<double> &k, const std::vector<double> &v);

struct AttentionGradients {
  std::vector<double> dq, dk, dv;
  std::vector<double> delta; // per row: rowsum(dout * out)
};

// `out` is the forward's output as the backward kernels read it (rounded
// to fp16), so that delta is what they compute from it.
AttentionGradients attentionBackward(const AttentionShape &shape, double scale, const std::vector<double> &q,
                                     const std::vector<double> &k, const std::vector<double> &v,
                                     const std::vector<double> &out, const std::vector<double> &dout);

} // namespace samples
