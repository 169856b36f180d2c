// `math` and `extern_call`: one table of functions, each with a float and a
// double body from the C library. The interpreter is exact where the GPU is
// approximate: Triton's fast forms (`exp` through `ex2.approx`, `rsqrt`)
// and libdevice's few-ulp functions differ from these in the last bits, and
// fp32 libdevice results flush subnormals to zero (as under Triton), so a
// test comparing GPU and interpreter results of math needs a tolerance.
// Narrow float operands (fp16, bf16, fp8) are computed in float and rounded
// back, as Triton's upcast-compute-downcast lowering does.
#include "Machine.h"

#include "tritonc/ir/FloatFormat.h"
#include "tritonc/support/Diagnostics.h"

#include <cmath>
#include <string_view>
#include <type_traits>

namespace tritonc::interp {

namespace {

struct MathFn {
  const char *name; // `math` {fn} spelling; libdevice's symbols are found by findLibdevice
  int arity;
  float (*f32)(const float *);
  double (*f64)(const double *);
};

// libdevice's fp32 floor and ceil, linked with flush-to-zero as Triton
// links it, read a subnormal input as ±0; they are exact, so the
// interpreter matches them exactly.
template <typename T> T flushedIfFloat(T x) {
  if constexpr (std::is_same_v<T, float>)
    return std::fpclassify(x) == FP_SUBNORMAL ? std::copysign(T(0), x) : x;
  else
    return x;
}

// One body per function, instantiated for float and double.
#define TRITONC_FN1(name, expr)                                                                                        \
  MathFn {                                                                                                             \
    name, 1,                                                                                                           \
        [](const float *a) -> float {                                                                                  \
          auto x = a[0];                                                                                               \
          return expr;                                                                                                 \
        },                                                                                                             \
        [](const double *a) -> double {                                                                                \
          auto x = a[0];                                                                                               \
          return expr;                                                                                                 \
        }                                                                                                              \
  }
#define TRITONC_FN2(name, expr)                                                                                        \
  MathFn {                                                                                                             \
    name, 2,                                                                                                           \
        [](const float *a) -> float {                                                                                  \
          auto x = a[0], y = a[1];                                                                                     \
          return expr;                                                                                                 \
        },                                                                                                             \
        [](const double *a) -> double {                                                                                \
          auto x = a[0], y = a[1];                                                                                     \
          return expr;                                                                                                 \
        }                                                                                                              \
  }

const MathFn kFunctions[] = {
    TRITONC_FN1("exp", std::exp(x)),
    TRITONC_FN1("exp2", std::exp2(x)),
    TRITONC_FN1("exp10", std::pow(decltype(x)(10), x)),
    TRITONC_FN1("expm1", std::expm1(x)),
    TRITONC_FN1("log", std::log(x)),
    TRITONC_FN1("log2", std::log2(x)),
    TRITONC_FN1("log10", std::log10(x)),
    TRITONC_FN1("log1p", std::log1p(x)),
    TRITONC_FN1("sqrt", std::sqrt(x)),
    TRITONC_FN1("sqrt_rn", std::sqrt(x)),
    TRITONC_FN1("rsqrt", decltype(x)(1) / std::sqrt(x)),
    TRITONC_FN1("cbrt", std::cbrt(x)),
    TRITONC_FN1("sin", std::sin(x)),
    TRITONC_FN1("cos", std::cos(x)),
    TRITONC_FN1("tan", std::tan(x)),
    TRITONC_FN1("asin", std::asin(x)),
    TRITONC_FN1("acos", std::acos(x)),
    TRITONC_FN1("atan", std::atan(x)),
    TRITONC_FN1("sinh", std::sinh(x)),
    TRITONC_FN1("cosh", std::cosh(x)),
    TRITONC_FN1("tanh", std::tanh(x)),
    TRITONC_FN1("asinh", std::asinh(x)),
    TRITONC_FN1("acosh", std::acosh(x)),
    TRITONC_FN1("atanh", std::atanh(x)),
    TRITONC_FN1("erf", std::erf(x)),
    TRITONC_FN1("erfc", std::erfc(x)),
    TRITONC_FN1("lgamma", std::lgamma(x)),
    TRITONC_FN1("tgamma", std::tgamma(x)),
    TRITONC_FN1("floor", std::floor(flushedIfFloat(x))),
    TRITONC_FN1("ceil", std::ceil(flushedIfFloat(x))),
    TRITONC_FN1("trunc", std::trunc(x)),
    TRITONC_FN1("round", std::round(x)),
    TRITONC_FN1("rint", std::nearbyint(x)),
    TRITONC_FN1("fabs", std::fabs(x)),
    TRITONC_FN2("div_rn", x / y),
    TRITONC_FN2("pow", std::pow(x, y)),
    TRITONC_FN2("atan2", std::atan2(x, y)),
    TRITONC_FN2("fmod", std::fmod(x, y)),
    TRITONC_FN2("remainder", std::remainder(x, y)),
    TRITONC_FN2("hypot", std::hypot(x, y)),
    TRITONC_FN2("fmin", std::fmin(x, y)),
    TRITONC_FN2("fmax", std::fmax(x, y)),
    TRITONC_FN2("fdim", std::fdim(x, y)),
    TRITONC_FN2("copysign", std::copysign(x, y)),
};

#undef TRITONC_FN1
#undef TRITONC_FN2

const MathFn *find(std::string_view name) {
  for (const MathFn &fn : kFunctions)
    if (name == fn.name)
      return &fn;
  return nullptr;
}

// __nv_expf -> exp and __nv_fdiv_rn -> div_rn (float); __nv_exp -> exp
// and __nv_ddiv_rn -> div_rn (double).
const MathFn *findLibdevice(std::string_view symbol, ScalarKind kind) {
  if (!symbol.starts_with("__nv_"))
    return nullptr;
  symbol.remove_prefix(5);
  char widthLetter = kind == ScalarKind::F32 ? 'f' : 'd';
  if (kind == ScalarKind::F32 && symbol.ends_with('f'))
    if (const MathFn *fn = find(symbol.substr(0, symbol.size() - 1)))
      return fn;
  if (kind == ScalarKind::F64)
    if (const MathFn *fn = find(symbol))
      return fn;
  if (symbol.starts_with(widthLetter))
    return find(symbol.substr(1));
  return nullptr;
}

void apply(const MathFn &fn, const tir::Op &op, Frame &frame) {
  std::vector<const RtValue *> in;
  for (const tir::Value *v : op.operands)
    in.push_back(&frame.get(v));
  RtValue &out = frame.define(op.result());
  ScalarKind kind = out.kind();
  float fargs[2];
  double dargs[2];
  for (size_t i = 0; i < out.bits.size(); ++i) {
    for (int k = 0; k < fn.arity; ++k) {
      uint64_t slot = in[k]->bits[i];
      if (kind == ScalarKind::F64)
        dargs[k] = asF64(slot);
      else
        fargs[k] = kind == ScalarKind::F32 ? asF32(slot) : float(decodeFloat(slot, kind));
    }
    if (kind == ScalarKind::F64)
      out.bits[i] = fromF64(fn.f64(dargs));
    else if (kind == ScalarKind::F32)
      out.bits[i] = fromF32(fn.f32(fargs));
    else
      out.bits[i] = encodeFloat(fn.f32(fargs), kind);
  }
}

} // namespace

void evalMath(const tir::Op &op, Frame &frame) {
  ScalarKind kind = op.result()->type.elem.kind;
  bool isExtern = op.kind == tir::OpKind::ExternCall;
  const std::string &name = op.strAttr(isExtern ? tir::AttrKey("symbol") : tir::AttrKey("fn"));
  const MathFn *fn = nullptr;
  if (isExtern) {
    if (kind == ScalarKind::F32 || kind == ScalarKind::F64)
      fn = findLibdevice(name, kind);
  } else if (isFloat(kind)) {
    fn = find(name);
  }
  if (!fn)
    throw KernelFault(op, fmt::format("the interpreter has no {} `{}` returning {}",
                                      isExtern ? "libdevice function" : "math function", name, irName(kind)));
  if (op.operands.size() != size_t(fn->arity))
    throw KernelFault(op, fmt::format("`{}` takes {} operands, given {}", name, fn->arity, op.operands.size()));
  for (const tir::Value *v : op.operands)
    if (v->type.elem.kind != kind)
      throw KernelFault(op,
                        fmt::format("`{}` on {} operands returning {}", name, irName(v->type.elem.kind), irName(kind)));
  apply(*fn, op, frame);
}

} // namespace tritonc::interp
