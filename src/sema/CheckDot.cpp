// `tl.dot` with the rules of Triton's semantic.dot and its NVIDIA backend:
// 3-D operands go to the standard library's `_dot_batched`; 2-D operands of one dtype (any two fp8 kinds may mix), M and N of 16 or
// more and K of 16 or more (32 for 8-bit operands, min_dot_size); int8
// gives int32, fp32 and bf16 give fp32, fp64 gives fp64, fp16 and fp8 give
// `out_dtype` (fp32 or fp16). An `acc` must have the result's type exactly,
// and be of `out_dtype`.
#include "Checker.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

namespace tritonc::sema {

Result Checker::dot(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args) {
  bool batched = args[0]->isRuntime() && args[1]->isRuntime() && args[0]->type.shape.size() == 3 &&
                 args[1]->type.shape.size() == 3;
  if (batched) {
    const std::vector<int64_t> &a = args[0]->type.shape, &b = args[1]->type.shape;
    if (a[0] != b[0] || a[2] != b[1] || !(args[0]->type.elem == args[1]->type.elem)) {
      diags_.error(Diag::TypeMismatch, c.range,
                   fmt::format("a batched `tl.dot` multiplies [B, M, K] by [B, K, N] of one dtype, found `{}` and `{}`",
                               args[0]->type.str(), args[1]->type.str()));
      return std::nullopt;
    }
    // The standard library's `_dot_batched`, called as this call is (a
    // method call passes its tensor first).
    std::vector<const ast::Expr *> receiver;
    if (c.args.empty() || r.args[0] != c.args[0].get())
      receiver.push_back(r.args[0]);
    return jitCall(c, SemaValue::function("tl._dot_batched"), receiver);
  }
  for (size_t i : {size_t(0), size_t(1)}) {
    const SemaValue &v = *args[i];
    if (!v.isRuntime() || v.type.shape.size() != 2) {
      diags_.error(Diag::TypeMismatch, r.args[i]->range, "`tl.dot` multiplies 2-D tensors, found " + describe(v));
      return std::nullopt;
    }
  }
  const Type &a = args[0]->type, &b = args[1]->type;
  ScalarKind k = a.elem.kind;
  if (!(isFp8(k) && isFp8(b.elem.kind))) {
    for (size_t i : {size_t(0), size_t(1)}) {
      ScalarKind e = args[i]->type.elem.kind;
      if (e != ScalarKind::I8 && e != ScalarKind::F16 && e != ScalarKind::BF16 && e != ScalarKind::F32 &&
          e != ScalarKind::F64 && !isFp8(e)) {
        diags_.error(Diag::TypeMismatch, r.args[i]->range,
                     "`tl.dot` takes int8, fp16, bf16, fp32, fp64 or fp8 operands, found " + describe(*args[i]));
        return std::nullopt;
      }
    }
    if (!(a.elem == b.elem)) {
      diags_.error(Diag::TypeMismatch, c.range,
                   fmt::format("the operands of `tl.dot` differ in dtype, `{}` and `{}`; convert one with `.to()`",
                               a.str(), b.str()));
      return std::nullopt;
    }
  }
  int64_t m = a.shape[0], kDim = a.shape[1], n = b.shape[1];
  if (b.shape[0] != kDim) {
    diags_.error(Diag::TypeMismatch, c.range,
                 fmt::format("`tl.dot` needs the columns of `{}` to match the rows of `{}`", a.str(), b.str()));
    return std::nullopt;
  }
  int64_t minK = bitWidth(k) == 8 ? 32 : 16;
  if (m < 16 || n < 16 || kDim < minK) {
    diags_.error(Diag::TypeMismatch, c.range,
                 fmt::format("`tl.dot` needs M >= 16, N >= 16 and K >= {} for `{}` operands, "
                             "found M = {}, N = {}, K = {}",
                             minK, irName(k), m, n, kDim));
    return std::nullopt;
  }

  // input_precision, or allow_tf32 (False is "ieee"); Triton's default on
  // NVIDIA GPUs is "tf32". Only fp32 operands are affected.
  bool hasPrecision = r.args[3] && !isNone(args[3]), hasAllowTf32 = r.args[4] && !isNone(args[4]);
  if (hasPrecision && hasAllowTf32) {
    diags_.error(Diag::TypeMismatch, c.range, "`tl.dot` takes `input_precision` or `allow_tf32`, not both");
    return std::nullopt;
  }
  if (hasPrecision) {
    const SemaValue &p = *args[3];
    std::string text = p.isConstexpr() ? p.constant.text : "";
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char ch) { return char(std::tolower(ch)); });
    if (!p.isConstexpr() || p.constant.kind != ConstexprValue::Kind::String ||
        (text != "tf32" && text != "tf32x3" && text != "ieee" && text != "bf16x3" && text != "bf16x6")) {
      diags_.error(Diag::TypeMismatch, r.args[3]->range,
                   "`input_precision` must be \"tf32\", \"tf32x3\", \"bf16x3\", \"bf16x6\" or \"ieee\", found " +
                       describe(p));
      return std::nullopt;
    }
  }
  bool allowTf32 = true;
  if (!constantBool(r.args[4], args[4], true, allowTf32))
    return std::nullopt;
  // max_num_imprecise_acc tunes fp8 accumulation on sm_90; the tile IR has
  // no use for it yet, so it is only checked.
  if (r.args[5] && !isNone(args[5]) && !constantInt(r.args[5], args[5], "`max_num_imprecise_acc`"))
    return std::nullopt;

  ScalarKind out = ScalarKind::F32;
  if (r.args[6] && !isNone(args[6])) {
    std::optional<ScalarKind> d = dtypeArgument(r.args[6], *args[6]);
    if (!d)
      return std::nullopt;
    out = *d;
  }
  ScalarKind resultKind;
  if (isInteger(k)) {
    resultKind = ScalarKind::I32;
  } else if (out == ScalarKind::BF16) {
    diags_.error(Diag::TypeMismatch, r.args[6]->range,
                 "`out_dtype=tl.bfloat16` is not supported; use `tl.float32` and convert with `.to(tl.bfloat16)`");
    return std::nullopt;
  } else if (k == ScalarKind::F32 || k == ScalarKind::BF16) {
    resultKind = ScalarKind::F32; // as Triton, whatever `out_dtype` says
  } else if (k == ScalarKind::F64) {
    resultKind = ScalarKind::F64; // on CUDA cores, in fp64
  } else if (out == ScalarKind::F32 || out == ScalarKind::F16) {
    resultKind = out;
  } else {
    diags_.error(
        Diag::TypeMismatch, r.args[6]->range,
        fmt::format("`out_dtype` of `tl.dot` must be `tl.float32` or `tl.float16`, found `tl.{}`", tritonName(out)));
    return std::nullopt;
  }
  Type result = Type::tensor(ElemType::scalar(resultKind), {m, n});
  if (r.args[2] && !isNone(args[2]) && !(args[2]->isRuntime() && args[2]->type == result)) {
    diags_.error(Diag::TypeMismatch, r.args[2]->range,
                 fmt::format("`acc` of `tl.dot` must be `{}`, found {}", result.str(), describe(*args[2])));
    return std::nullopt;
  }
  // Triton also asks an `acc` to be of `out_dtype`: an int32 accumulator
  // needs `out_dtype=tl.int32` written out.
  if (r.args[2] && !isNone(args[2]) && resultKind != out) {
    diags_.error(Diag::TypeMismatch, r.args[2]->range,
                 fmt::format("`acc` of `tl.dot` is `{}` but `out_dtype` is `tl.{}`; pass `out_dtype=tl.{}`",
                             result.str(), tritonName(out), tritonName(resultKind)));
    return std::nullopt;
  }
  return SemaValue::runtime(result);
}

} // namespace tritonc::sema
