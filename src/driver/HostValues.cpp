#include "tritonc/driver/HostValues.h"

#include "tritonc/support/Signature.h"

#include <algorithm>
#include <cctype>

namespace tritonc {

namespace {

bool isQualifiedName(const std::string &name) {
  return !name.empty() && name.front() != '.' && name.back() != '.' &&
         std::all_of(name.begin(), name.end(),
                     [](char c) { return std::isalnum((unsigned char)c) || c == '_' || c == '.'; });
}

} // namespace

bool addHostValues(ModuleSet &modules, const std::vector<std::string> &given, DiagnosticEngine &diags) {
  for (const std::string &text : given) {
    size_t equals = text.find('=');
    std::string name = text.substr(0, equals);
    bool named = equals != std::string::npos && isQualifiedName(name);
    if (named && modules.addHostFunction(name, text.substr(equals + 1)))
      continue;
    std::optional<Signature> value;
    if (named)
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
