// samples/attention.py, forward, causal, head_dim 128: sequences shorter
// than one block, one past a block boundary, and several blocks with a
// ragged last one.
#include "attention_fwd.h"
#include "attention_reference.h"
#include "checks.h"
#include "random_values.h"

#include <cmath>

namespace samples {

void checkAttentionFwd(Session &session) {
  namespace kernel = tritonc_kernels::attention_fwd;
  constexpr int kBlockM = 128;
  for (AttentionShape s :
       {AttentionShape{2, 3, 300, true}, AttentionShape{1, 2, 64, true}, AttentionShape{1, 1, 129, true}}) {
    const double scale = 1.0 / std::sqrt(double(kHeadDim));
    Random random(0xa77e + uint64_t(s.seq));
    std::vector<double> q = random.normal(s.elements(), Dtype::F16), k = random.normal(s.elements(), Dtype::F16),
                        v = random.normal(s.elements(), Dtype::F16);
    AttentionForward want = attentionForward(s, scale, q, k, v);
    DeviceBuffer dq = upload(q, Dtype::F16), dk = upload(k, Dtype::F16), dv = upload(v, Dtype::F16);
    DeviceBuffer out = poisoned(s.elements(), Dtype::F16), lse = poisoned(s.rows(), Dtype::F32);
    int strideS = kHeadDim, strideH = s.seq * strideS, strideB = s.heads * strideH;
    SAMPLES_CU(kernel::launch(
        session.stream(), {unsigned((s.seq + kBlockM - 1) / kBlockM), unsigned(s.batch * s.heads), 1}, dq.ptr(),
        dk.ptr(), dv.ptr(), out.ptr(), lse.ptr(), float(scale), strideB, strideH, strideS, s.heads, s.seq));
    CaseResult result("attention_fwd fp16 causal batch " + std::to_string(s.batch) + " heads " +
                      std::to_string(s.heads) + " seq " + std::to_string(s.seq) + " head_dim 128");
    result.expectClose("out", out, Dtype::F16, want.out);
    result.expectClose("lse", lse, Dtype::F32, want.lse2, {1e-4, 1e-4});
    session.record(result);
  }
}

} // namespace samples
