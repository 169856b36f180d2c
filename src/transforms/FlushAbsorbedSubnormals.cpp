#include "tritonc/transforms/FlushAbsorbedSubnormals.h"

#include "tritonc/ir/Walk.h"

#include <cmath>

namespace tritonc {

namespace {

using tir::Op;
using tir::OpKind;
using tir::Value;

// A float `constant` (scalar or splat) large enough that adding any fp32
// subnormal to it rounds back to it.
bool absorbsSubnormals(const Value *v) {
  const Op *def = v->definingOp();
  if (!def || def->kind != OpKind::Constant)
    return false;
  const double *value = std::get_if<double>(def->attr("value"));
  return value && std::isfinite(*value) && std::fabs(*value) >= std::ldexp(1.0, -100);
}

bool onlyAddedToLargeConstants(const Value *v, const tir::Users &users) {
  auto it = users.find(v);
  if (it == users.end())
    return false;
  for (const Op *user : it->second) {
    if (user->kind != OpKind::AddF || user->operands.size() != 2)
      return false;
    const Value *other = user->operands[0] == v ? user->operands[1] : user->operands[0];
    if (other == v || !absorbsSubnormals(other))
      return false;
  }
  return true;
}

} // namespace

void flushAbsorbedSubnormals(tir::Module &module) {
  for (auto &function : module.functions) {
    tir::Users users;
    tir::collectUsers(function->body, users);
    tir::forEachOp(function->body, [&](Op &op) {
      // fp64 `exp` is libdevice's, with no flushing form to choose.
      if (op.kind == OpKind::Math && op.strAttr("fn") == "exp" && op.result()->type.elem.kind != ScalarKind::F64 &&
          onlyAddedToLargeConstants(op.result(), users))
        op.setAttr("ftz", int64_t(1));
    });
  }
}

} // namespace tritonc
