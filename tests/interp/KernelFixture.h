// Helpers for the interpreter tests: a kernel file compiled to tile IR the
// way `tritonc run` compiles it, and random inputs.
#pragma once

#include "tritonc/frontend/AST.h"
#include "tritonc/interp/Interpreter.h"
#include "tritonc/ir/IR.h"
#include "tritonc/support/Source.h"

#include <memory>
#include <random>
#include <string>
#include <vector>

namespace tritonc::testing {

struct CompiledKernel {
  std::unique_ptr<SourceFile> source;
  std::unique_ptr<ast::Module> ast; // the tile IR's source, kept alive with it
  std::unique_ptr<tir::Module> ir;

  const tir::Function &function() const { return *ir->functions.front(); }
};

// Compiles `path` (relative to the source tree) with `signature` to
// tile-level IR; a compile error fails the calling test with the diagnostics.
// `kernel` names the kernel in a file with several, as `tritonc --kernel` does.
CompiledKernel compileKernel(const std::string &path, const std::string &signature, const std::string &kernel = "");

// A hand-built function for ops the frontend does not emit (or emits only
// in some shapes): one pointer parameter per operand, then one per result.
// Each operand is loaded flat and reshaped to `operandShape`; the op's
// results (of `resultShape`, a scalar when empty) are stored flat.
struct MapSpec {
  tir::OpKind kind;
  std::vector<ScalarKind> operands;
  std::vector<int64_t> operandShape;
  std::vector<ScalarKind> results;
  std::vector<int64_t> resultShape;
  std::vector<tir::NamedAttribute> attrs = {};
};
std::unique_ptr<tir::Function> mapKernel(const MapSpec &spec);

// Runs `function` as one program with a pointer to each buffer, in order.
interp::RunResult runOnce(const tir::Function &function, std::vector<interp::HostBuffer> &buffers);

// A generator seeded afresh for each run; the seed is logged so that a
// failure can be replayed with TRITONC_TEST_SEED=<seed>.
std::mt19937 &randomEngine();

// `n` random values in [-1, 1), each representable in fp16 (so a kernel
// reading them as fp16 sees exactly these), and a buffer of them as fp16.
std::vector<double> randomHalves(size_t n);
interp::HostBuffer fp16Buffer(const std::vector<double> &values);

} // namespace tritonc::testing
