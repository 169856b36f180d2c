#include "HostValues.h"

#include "tritonc/support/Signature.h"

#include <algorithm>
#include <cctype>

namespace tritonc {

namespace {

bool isQualifiedName(const std::string &name) {
  return !name.empty() && name.front() != '.' && name.back() != '.' &&
         std::all_of(name.begin(), name.end(), [](char c) { return std::isalnum((unsigned char)c) || c == '_' || c == '.'; });
}

// `libdevice.tanh`, or the module Python imports it from, as the function
// tritonc's libdevice calls take: `libdevice.tanh`.
std::optional<std::string> libdeviceFunction(const std::string &value) {
  for (const char *prefix : {"libdevice.", "triton.language.extra.cuda.libdevice.", "triton.language.extra.libdevice.",
                             "tl.extra.cuda.libdevice."}) {
    std::string p = prefix;
    std::string rest = value.substr(std::min(value.size(), p.size()));
    if (value.compare(0, p.size(), p) == 0 && !rest.empty() &&
        std::all_of(rest.begin(), rest.end(), [](char c) { return std::isalnum((unsigned char)c) || c == '_'; }))
      return "libdevice." + rest;
  }
  return std::nullopt;
}

} // namespace

bool addHostValues(ModuleSet &modules, const std::vector<std::string> &given, DiagnosticEngine &diags) {
  for (const std::string &text : given) {
    size_t equals = text.find('=');
    std::string name = text.substr(0, equals);
    if (equals != std::string::npos && isQualifiedName(name)) {
      if (std::optional<std::string> function = libdeviceFunction(text.substr(equals + 1))) {
        modules.addHostFunction(name, *function);
        continue;
      }
    }
    std::optional<Signature> value;
    if (equals != std::string::npos && isQualifiedName(name))
      value = parseSignature(text.substr(equals + 1), diags);
    if (!value || value->entries.size() != 1 || value->entries[0].kind != SignatureEntry::Kind::Constexpr) {
      diags.errorNoLocation(Diag::BadOption, "`--host-value " + text +
                                                 "` needs NAME=VALUE, NAME a module-level name (bare or "
                                                 "module.qualified) and VALUE one literal, as a constexpr in "
                                                 "--signature is written, or a libdevice function "
                                                 "(`libdevice.tanh`)");
      return false;
    }
    modules.addHostValue(name, value->entries[0].value);
  }
  return true;
}

} // namespace tritonc
