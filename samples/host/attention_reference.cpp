#include "attention_reference.h"

#include <algorithm>
#include <cmath>

namespace samples {

namespace {

// The probabilities of one (batch, head): row i of p is softmax over the
// keys row i may see of q_i . k_j * scale.
std::vector<double> probabilities(const AttentionShape &shape, double scale, const double *q, const double *k,
                                  std::vector<double> *lse2) {
  int n = shape.seq;
  std::vector<double> p(std::size_t(n) * n, 0.0);
  for (int i = 0; i < n; ++i) {
    int seen = shape.causal ? i + 1 : n;
    double *row = &p[std::size_t(i) * n];
    for (int j = 0; j < seen; ++j) {
      double dot = 0;
      for (int d = 0; d < kHeadDim; ++d)
        dot += q[std::size_t(i) * kHeadDim + d] * k[std::size_t(j) * kHeadDim + d];
      row[j] = dot * scale;
    }
    double max = *std::max_element(row, row + seen), sum = 0;
    for (int j = 0; j < seen; ++j)
      sum += (row[j] = std::exp(row[j] - max));
    for (int j = 0; j < seen; ++j)
      row[j] /= sum;
    if (lse2)
      lse2->push_back((max + std::log(sum)) / std::log(2.0));
  }
  return p;
}

} // namespace

AttentionForward attentionForward(const AttentionShape &shape, double scale, const std::vector<double> &q,
                                  const std::vector<double> &k, const std::vector<double> &v) {
  AttentionForward result{std::vector<double>(shape.elements(), 0.0), {}};
  std::size_t head = std::size_t(shape.seq) * kHeadDim;
  int n = shape.seq;
  for (std::size_t bh = 0; bh < std::size_t(shape.batch) * shape.heads; ++bh) {
    std::vector<double> p = probabilities(shape, scale, &q[bh * head], &k[bh * head], &result.lse2);
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j)
        for (int d = 0; d < kHeadDim; ++d)
          result.out[bh * head + std::size_t(i) * kHeadDim + d] +=
              p[std::size_t(i) * n + j] * v[bh * head + std::size_t(j) * kHeadDim + d];
  }
  return result;
}

AttentionGradients attentionBackward(const AttentionShape &shape, double scale, const std::vector<double> &q,
                                     const std::vector<double> &k, const std::vector<double> &v,
                                     const std::vector<double> &out, const std::vector<double> &dout) {
  std::size_t size = shape.elements(), head = std::size_t(shape.seq) * kHeadDim;
  AttentionGradients g{std::vector<double>(size, 0.0), std::vector<double>(size, 0.0), std::vector<double>(size, 0.0),
                       std::vector<double>(shape.rows(), 0.0)};
  int n = shape.seq;
  for (std::size_t bh = 0; bh < std::size_t(shape.batch) * shape.heads; ++bh) {
    const double *qh = &q[bh * head], *kh = &k[bh * head], *vh = &v[bh * head], *oh = &out[bh * head],
                 *doh = &dout[bh * head];
    double *dq = &g.dq[bh * head], *dk = &g.dk[bh * head], *dv = &g.dv[bh * head], *delta = &g.delta[bh * n];
    std::vector<double> p = probabilities(shape, scale, qh, kh, nullptr);
    for (int i = 0; i < n; ++i)
      for (int d = 0; d < kHeadDim; ++d)
        delta[i] += doh[std::size_t(i) * kHeadDim + d] * oh[std::size_t(i) * kHeadDim + d];
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) {
        double pij = p[std::size_t(i) * n + j];
        if (pij == 0)
          continue;
        const double *doi = &doh[std::size_t(i) * kHeadDim], *vj = &vh[std::size_t(j) * kHeadDim];
        double dp = 0;
        for (int d = 0; d < kHeadDim; ++d)
          dp += doi[d] * vj[d];
        double ds = pij * (dp - delta[i]) * scale;
        for (int d = 0; d < kHeadDim; ++d) {
          dv[std::size_t(j) * kHeadDim + d] += pij * doi[d];
          dq[std::size_t(i) * kHeadDim + d] += ds * kh[std::size_t(j) * kHeadDim + d];
          dk[std::size_t(j) * kHeadDim + d] += ds * qh[std::size_t(i) * kHeadDim + d];
        }
      }
  }
  return g;
}

} // namespace samples
