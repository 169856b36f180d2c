#include "tritonc/support/Target.h"

namespace tritonc {

const std::vector<std::string> &Target::supportedNames() {
  static const std::vector<std::string> names = {"sm_80", "sm_86", "sm_89", "sm_90", "sm_90a"};
  return names;
}

std::optional<Target> Target::parse(const std::string &name) {
  for (const std::string &known : supportedNames())
    if (name == known) {
      bool archSpecific = name.back() == 'a';
      unsigned sm = unsigned(std::stoul(name.substr(3, archSpecific ? name.size() - 4 : std::string::npos)));
      return Target(name, sm, archSpecific);
    }
  return std::nullopt;
}

Target Target::hopper() { return Target("sm_90a", 90, true); }

uint64_t Target::maxSharedBytes() const {
  if (sm_ == 80)
    return 163 * 1024;
  if (sm_ == 86 || sm_ == 89)
    return 99 * 1024;
  return 227 * 1024;
}

const char *Target::ptxVersionFeature(bool fp8Mma, bool vectorAtomics) const {
  if (fp8Mma)
    return "+ptx84";
  return sm_ == 89 || vectorAtomics ? "+ptx81" : "+ptx80";
}

} // namespace tritonc
