#include "KernelFixture.h"

#include "tritonc/frontend/EarlyReturns.h"
#include "tritonc/support/Signature.h"
#include "tritonc/frontend/Parser.h"
#include "tritonc/ir/FloatFormat.h"
#include "tritonc/lowering/Lowering.h"
#include "tritonc/sema/Sema.h"
#include "tritonc/transforms/Pipeline.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>

namespace tritonc::testing {

CompiledKernel compileKernel(const std::string &path, const std::string &signature, const std::string &name) {
  std::string fullPath = std::string(TRITONC_SOURCE_DIR) + "/" + path;
  std::ifstream in(fullPath, std::ios::binary);
  REQUIRE(in.good());
  std::ostringstream text;
  text << in.rdbuf();

  CompiledKernel k;
  k.source = std::make_unique<SourceFile>(fullPath, text.str());
  std::ostringstream diagText;
  DiagnosticEngine diags(diagText);
  diags.setSource(k.source.get());
  k.ast = parseModule(*k.source, diags);
  if (k.ast)
    foldEarlyReturns(*k.ast); // as the tool does before sema
  std::optional<Signature> sig = parseSignature(signature, diags);
  std::optional<TypedKernel> kernel;
  if (!diags.hasErrors() && sig)
    kernel = analyzeKernel(*k.ast, name, *sig, diags);
  INFO(diagText.str());
  REQUIRE(kernel);
  k.ir = lowerKernel(*kernel);
  PipelineOptions pipeline;
  pipeline.tileLevelOnly = true;
  runPipeline(*k.ir, pipeline);
  return k;
}

std::unique_ptr<tir::Function> mapKernel(const MapSpec &spec) {
  using tir::OpKind;
  auto f = std::make_unique<tir::Function>();
  f->name = "map";
  std::vector<tir::Value *> in, out;
  for (size_t i = 0; i < spec.operands.size(); ++i)
    in.push_back(f->body.addArgument(Type::scalar(ElemType::pointerTo(spec.operands[i])), "in" + std::to_string(i)));
  for (size_t i = 0; i < spec.results.size(); ++i)
    out.push_back(f->body.addArgument(Type::scalar(ElemType::pointerTo(spec.results[i])), "out" + std::to_string(i)));
  f->paramHints.resize(f->body.args.size());

  tir::Builder b(f->body);
  SourceRange loc{};
  auto count = [](const std::vector<int64_t> &shape) {
    int64_t n = 1;
    for (int64_t d : shape)
      n *= d;
    return n;
  };
  // ptr + arange(n): the flat element pointers of a buffer.
  auto flat = [&](tir::Value *ptr, int64_t n) {
    ElemType i32 = ElemType::scalar(ScalarKind::I32);
    tir::Value *range =
        b.value(OpKind::MakeRange, {}, Type::tensor(i32, {n}), loc, {{"start", int64_t(0)}, {"end", n}});
    tir::Value *base = b.value(OpKind::Splat, {ptr}, Type::tensor(ptr->type.elem, {n}), loc);
    return b.value(OpKind::AddPtr, {base, range}, base->type, loc);
  };
  int64_t n = count(spec.operandShape);
  std::vector<tir::Value *> operands;
  for (size_t i = 0; i < in.size(); ++i) {
    ElemType e = ElemType::scalar(spec.operands[i]);
    tir::Value *v = b.value(OpKind::Load, {flat(in[i], n)}, Type::tensor(e, {n}), loc);
    if (spec.operandShape.size() > 1)
      v = b.value(OpKind::Reshape, {v}, Type::tensor(e, spec.operandShape), loc);
    operands.push_back(v);
  }
  std::vector<Type> resultTypes;
  for (ScalarKind k : spec.results)
    resultTypes.push_back(spec.resultShape.empty() ? Type::scalar(ElemType::scalar(k))
                                                   : Type::tensor(ElemType::scalar(k), spec.resultShape));
  tir::Op *op = b.create(spec.kind, operands, resultTypes, spec.attrs, loc);
  int64_t m = count(spec.resultShape);
  for (size_t i = 0; i < out.size(); ++i) {
    tir::Value *v = op->result(unsigned(i));
    if (spec.resultShape.empty()) {
      b.create(OpKind::Store, {out[i], v}, {}, {}, loc);
      continue;
    }
    if (spec.resultShape.size() > 1)
      v = b.value(OpKind::Reshape, {v}, Type::tensor(v->type.elem, {m}), loc);
    b.create(OpKind::Store, {flat(out[i], m), v}, {}, {}, loc);
  }
  b.create(OpKind::Return, {}, {}, {}, loc);
  return f;
}

interp::RunResult runOnce(const tir::Function &function, std::vector<interp::HostBuffer> &buffers) {
  std::vector<interp::KernelArg> args;
  for (size_t i = 0; i < buffers.size(); ++i)
    args.push_back(interp::KernelArg::pointer(uint32_t(i)));
  return interp::interpret(function, args, buffers, {1, 1, 1});
}

std::mt19937 &randomEngine() {
  static std::mt19937 engine = [] {
    const char *fixed = std::getenv("TRITONC_TEST_SEED");
    unsigned seed = fixed ? unsigned(std::strtoul(fixed, nullptr, 10)) : std::random_device{}();
    std::cerr << "interpreter tests: random seed " << seed << '\n';
    return std::mt19937(seed);
  }();
  return engine;
}

std::vector<double> randomHalves(size_t n) {
  std::uniform_real_distribution<double> dist(-1.0, 1.0);
  std::vector<double> v(n);
  for (double &x : v)
    x = decodeFloat(encodeFloat(dist(randomEngine()), ScalarKind::F16), ScalarKind::F16);
  return v;
}

interp::HostBuffer fp16Buffer(const std::vector<double> &values) {
  std::vector<uint16_t> bits;
  for (double v : values)
    bits.push_back(uint16_t(encodeFloat(v, ScalarKind::F16)));
  return interp::HostBuffer::of(ScalarKind::F16, bits);
}

} // namespace tritonc::testing
