// Which libdevice function a `libdevice.NAME(...)` call means: Triton's
// libdevice module names each function once and picks the symbol by the
// operands' dtype (`div_rn` is __nv_fdiv_rn on fp32, __nv_ddiv_rn on fp64;
// `clz` is __nv_clz on int32, __nv_clzll on int64). The symbols and their
// types come from libdevice itself (LibdeviceFunctions.inc).
#pragma once

#include "tritonc/ir/Type.h"

#include <string_view>
#include <vector>

namespace tritonc::sema {

struct LibdeviceFunction {
  const char *symbol;
  ScalarKind result;
  std::vector<ScalarKind> params; // I32, I64, F32 or F64
};

// The function for `libdevice.name` called on `arity` operands whose
// common element kind is `kind`, or null when libdevice has none. fp16,
// bf16 and integer kinds with no form of their own take the fp32 form.
const LibdeviceFunction *resolveLibdevice(std::string_view name, ScalarKind kind, size_t arity);

// Every function of the table (for diagnostics and tests).
const std::vector<LibdeviceFunction> &libdeviceFunctions();

} // namespace tritonc::sema
