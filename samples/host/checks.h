// The samples' checks: one function per sample, each in its own file,
// each running its cases and recording them in the Session.
#pragma once

#include "case_result.h"

#include <cuda.h>

namespace samples {

class Session {
public:
  explicit Session(CUstream stream) : stream_(stream) {}
  CUstream stream() const { return stream_; }
  void record(const CaseResult &result) { (result.print() ? passed_ : failed_) += 1; }
  void recordError(const std::string &sample, const std::string &error);
  int passed() const { return passed_; }
  int failed() const { return failed_; }

private:
  CUstream stream_;
  int passed_ = 0, failed_ = 0;
};

void checkVectorAdd(Session &session);
void checkSoftmax(Session &session);
void checkLayerNorm(Session &session);
void checkRmsNorm(Session &session);
void checkRope(Session &session);
void checkDropout(Session &session);
void checkCrossEntropy(Session &session);
void checkLayerNormBwd(Session &session);
void checkMatmul(Session &session);
void checkAttentionFwd(Session &session);
void checkAttentionBwd(Session &session);

} // namespace samples
