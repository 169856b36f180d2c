#include "Libdevice.h"

#include <algorithm>
#include <string>

namespace tritonc::sema {

const std::vector<LibdeviceFunction> &libdeviceFunctions() {
  using K = ScalarKind;
  static const std::vector<LibdeviceFunction> table = {
#include "LibdeviceFunctions.inc"
  };
  return table;
}

namespace {

const LibdeviceFunction *lookup(const std::string &symbol, size_t arity) {
  for (const LibdeviceFunction &f : libdeviceFunctions())
    if (symbol == f.symbol && f.params.size() == arity)
      return &f;
  return nullptr;
}

// How libdevice's parameters spell `kind`: no unsigned types there.
ScalarKind storageKind(ScalarKind kind) {
  return kind == ScalarKind::U32 ? ScalarKind::I32 : kind == ScalarKind::U64 ? ScalarKind::I64 : kind;
}

// The spellings libdevice uses for one function at one width, most usual
// first: `expf`, `fdiv_rn`, `fmaf_rn`, `fast_fdividef` (fp32); `exp`,
// `ddiv_rn`, `isnand` (fp64); `clz`/`clzll`, `umulhi`, `mul64hi` (integers).
std::vector<std::string> spellings(std::string_view name, ScalarKind kind) {
  std::string n(name);
  size_t us = n.find('_');
  std::string head = us == std::string::npos ? n : n.substr(0, us);
  std::string tail = us == std::string::npos ? "" : n.substr(us);     // "_rn"
  std::string rest = us == std::string::npos ? "" : n.substr(us + 1); // "dividef"
  // mulhi -> mul64hi
  std::string wide = n.size() > 2 && n.ends_with("hi") ? n.substr(0, n.size() - 2) + "64hi" : n + "64";
  switch (kind) {
  case ScalarKind::F32: {
    std::vector<std::string> s{n + "f", "f" + n, "f" + n + "f"}; // fminf, fabsf
    if (us != std::string::npos)
      s.insert(s.end(), {head + "f" + tail, head + "_f" + rest});
    s.push_back(n);
    return s;
  }
  case ScalarKind::F64: return {n, "d" + n, n + "d", "f" + n}; // fmin, fabs
  case ScalarKind::I32: return {n};
  case ScalarKind::U32: return {"u" + n, n};
  case ScalarKind::I64: return {n + "ll", "ll" + n, wide, n};
  case ScalarKind::U64: return {"u" + n + "ll", "ull" + n, "u" + wide, n + "ll", n};
  default: return {};
  }
}

ScalarKind widthKind(ScalarKind kind) {
  switch (kind) {
  case ScalarKind::I1:
  case ScalarKind::I8:
  case ScalarKind::I16: return ScalarKind::I32;
  case ScalarKind::U8:
  case ScalarKind::U16: return ScalarKind::U32;
  case ScalarKind::F64:
  case ScalarKind::I32:
  case ScalarKind::I64:
  case ScalarKind::U32:
  case ScalarKind::U64: return kind;
  default: return ScalarKind::F32; // fp8, fp16, bf16, fp32
  }
}

const LibdeviceFunction *resolveAt(std::string_view name, ScalarKind kind, size_t arity) {
  ScalarKind storage = storageKind(kind);
  bool integer = storage == ScalarKind::I32 || storage == ScalarKind::I64;
  auto isInt = [](ScalarKind k) { return k == ScalarKind::I32 || k == ScalarKind::I64; };
  for (const std::string &s : spellings(name, kind)) {
    const LibdeviceFunction *f = lookup("__nv_" + s, arity);
    // Integer operands take integer functions only (`clz`, `int2float_rn`);
    // `ldexp` on them is the fp32 one, as the fallback gives.
    if (f && integer && !std::all_of(f->params.begin(), f->params.end(), isInt))
      continue;
    // A form for these operands takes at least one of their kind:
    // `ldexpf(float, int)` and `jnf(int, float)` are fp32 forms, `__nv_abs`
    // is no int64 form and `__nv_exp` no int32 one.
    if (f && std::find(f->params.begin(), f->params.end(), storage) != f->params.end())
      return f;
  }
  return nullptr;
}

} // namespace

const LibdeviceFunction *resolveLibdevice(std::string_view name, ScalarKind kind, size_t arity) {
  ScalarKind k = widthKind(kind);
  if (const LibdeviceFunction *f = resolveAt(name, k, arity))
    return f;
  if (k != ScalarKind::F32 && k != ScalarKind::F64)
    return resolveAt(name, ScalarKind::F32, arity);
  return nullptr;
}

} // namespace tritonc::sema
