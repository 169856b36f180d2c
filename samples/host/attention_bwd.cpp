// samples/attention.py, backward, causal, head_dim 128: preprocess (delta),
// then dk and dv, then dq, each fed what the previous step wrote. The
// forward's output and log-sum-exp come from the CPU reference, so a
// failure here is the backward's own.
#include "attention_bwd_dkdv.h"
#include "attention_bwd_dq.h"
#include "attention_bwd_preprocess.h"
#include "attention_reference.h"
#include "checks.h"
#include "random_values.h"

#include <cmath>

namespace samples {

void checkAttentionBwd(Session &session) {
  namespace preprocess = tritonc_kernels::attention_bwd_preprocess;
  namespace dkdv = tritonc_kernels::attention_bwd_dkdv;
  namespace dq = tritonc_kernels::attention_bwd_dq;
  // BLOCK_M of preprocess, BLOCK_N of dkdv and BLOCK_M of dq in the signatures.
  constexpr int kPreprocessRows = 64, kKeyBlock = 128, kQueryBlock = 128;
  for (AttentionShape s : {AttentionShape{2, 3, 300, true}, AttentionShape{1, 1, 129, true}}) {
    const double scale = 1.0 / std::sqrt(double(kHeadDim));
    Random random(0xba4d + uint64_t(s.seq));
    std::vector<double> q = random.normal(s.elements(), Dtype::F16), k = random.normal(s.elements(), Dtype::F16),
                        v = random.normal(s.elements(), Dtype::F16), dout = random.normal(s.elements(), Dtype::F16);
    AttentionForward forward = attentionForward(s, scale, q, k, v);
    for (double &value : forward.out)
      value = roundTo(Dtype::F16, value);
    for (double &value : forward.lse2)
      value = float(value);
    AttentionGradients want = attentionBackward(s, scale, q, k, v, forward.out, dout);

    DeviceBuffer dQ = upload(q, Dtype::F16), dK = upload(k, Dtype::F16), dV = upload(v, Dtype::F16),
                 dGradOut = upload(dout, Dtype::F16), dFwdOut = upload(forward.out, Dtype::F16),
                 dLse = upload(forward.lse2, Dtype::F32);
    DeviceBuffer delta = poisoned(s.rows(), Dtype::F32), gradQ = poisoned(s.elements(), Dtype::F16),
                 gradK = poisoned(s.elements(), Dtype::F16), gradV = poisoned(s.elements(), Dtype::F16);
    int strideS = kHeadDim, strideH = s.seq * strideS, strideB = s.heads * strideH;
    unsigned heads = unsigned(s.batch * s.heads);
    auto blocks = [&](int rows) { return unsigned((s.seq + rows - 1) / rows); };
    SAMPLES_CU(preprocess::launch(session.stream(), {blocks(kPreprocessRows), heads, 1}, dFwdOut.ptr(), dGradOut.ptr(),
                                  delta.ptr(), strideB, strideH, strideS, s.heads, s.seq));
    SAMPLES_CU(dkdv::launch(session.stream(), {blocks(kKeyBlock), heads, 1}, dQ.ptr(), dK.ptr(), dV.ptr(),
                            dGradOut.ptr(), gradK.ptr(), gradV.ptr(), dLse.ptr(), delta.ptr(), float(scale), strideB,
                            strideH, strideS, s.heads, s.seq));
    SAMPLES_CU(dq::launch(session.stream(), {blocks(kQueryBlock), heads, 1}, dQ.ptr(), dK.ptr(), dV.ptr(),
                          dGradOut.ptr(), gradQ.ptr(), dLse.ptr(), delta.ptr(), float(scale), strideB, strideH, strideS,
                          s.heads, s.seq));
    CaseResult result("attention_bwd fp16 causal batch " + std::to_string(s.batch) + " heads " +
                      std::to_string(s.heads) + " seq " + std::to_string(s.seq) + " head_dim 128");
    result.expectClose("delta", delta, Dtype::F32, want.delta, {1e-4, 1e-4});
    // Sums over up to seq products whose operands were rounded to fp16.
    result.expectClose("dq", gradQ, Dtype::F16, want.dq, {2e-2, 2e-2});
    result.expectClose("dk", gradK, Dtype::F16, want.dk, {2e-2, 2e-2});
    result.expectClose("dv", gradV, Dtype::F16, want.dv, {2e-2, 2e-2});
    session.record(result);
  }
}

} // namespace samples
