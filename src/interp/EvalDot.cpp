// `dot`: acc[M,N] + a[M,K] x b[K,N]. Floats accumulate in fp32, k in
// order, one fused multiply-add per step (products of fp16, bf16 and fp8
// values are exact in fp32 anyway), and the sum is rounded to the result's
// type once at the end (an fp16 result too, which a GPU may round per
// step). Tensor cores sum in other orders, so results may differ from a
// GPU's in the last bits. With "tf32" (or "tf32x3")
// precision a GPU rounds fp32 operands to tf32 first; the interpreter keeps
// them in full fp32, which is what "ieee" asks for and what "tf32x3"
// approximates. int8 operands accumulate in int32, wrapping.
#include "Machine.h"

#include "tritonc/ir/FloatFormat.h"

#include <cmath>

namespace tritonc::interp {

void evalDot(const tir::Op &op, Frame &frame) {
  const RtValue &a = frame.get(op.operands[0]), &b = frame.get(op.operands[1]), &acc = frame.get(op.operands[2]);
  RtValue &out = frame.define(op.result());
  const std::vector<int64_t> &aShape = op.operands[0]->type.shape;
  int64_t m = aShape[0], k = aShape[1], n = op.operands[1]->type.shape[1];
  ScalarKind in = a.kind(), bIn = b.kind(), result = out.kind();
  if (isInteger(in)) {
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        uint32_t sum = uint32_t(acc.bits[size_t(i * n + j)]);
        for (int64_t p = 0; p < k; ++p)
          sum += uint32_t(sextBits(a.bits[size_t(i * k + p)], 8) * sextBits(b.bits[size_t(p * n + j)], 8));
        out.bits[size_t(i * n + j)] = sum;
      }
    return;
  }
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      float sum = float(decodeFloat(acc.bits[size_t(i * n + j)], result));
      for (int64_t p = 0; p < k; ++p)
        sum = std::fma(float(decodeFloat(a.bits[size_t(i * k + p)], in)),
                       float(decodeFloat(b.bits[size_t(p * n + j)], bIn)), sum);
      out.bits[size_t(i * n + j)] = encodeFloat(sum, result);
    }
}

} // namespace tritonc::interp
