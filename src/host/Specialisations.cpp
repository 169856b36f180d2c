// Compatibility and dispatch order of specialisations (Specialisations.h).
#include "tritonc/host/Specialisations.h"

#include <algorithm>
#include <bit>
#include <fmt/format.h>

namespace tritonc {

namespace {

// log2 of the promised divisor, and one more than the largest for `:1`,
// which pins the value down completely. Every hint that implies another
// weighs more, so summing over the parameters keeps implication's order.
int promiseWeight(int hint) {
  if (hint == 1)
    return 5;
  return hint > 1 ? std::countr_zero(unsigned(hint)) : 0;
}

int strength(const KernelInfo &info) {
  int total = 0;
  for (const KernelParam &p : info.params)
    total += promiseWeight(p.hint);
  return total;
}

} // namespace

std::optional<std::string> specialisationMismatch(const KernelInfo &first, const KernelInfo &other) {
  if (first.params.size() != other.params.size())
    return fmt::format("its number of run-time parameters ({}, not {})", other.params.size(), first.params.size());
  for (size_t i = 0; i < first.params.size(); ++i) {
    const KernelParam &a = first.params[i], &b = other.params[i];
    if (a.name != b.name)
      return fmt::format("run-time parameter {} (`{}`, not `{}`)", i + 1, b.name, a.name);
    if (a.type != b.type)
      return fmt::format("the type of `{}` (`{}`, not `{}`)", a.name, b.type, a.type);
  }
  for (size_t i = 0; i < first.tensorDescriptors.size() && i < other.tensorDescriptors.size(); ++i) {
    const TensorDescriptorParam &a = first.tensorDescriptors[i], &b = other.tensorDescriptors[i];
    if (a.blockShape != b.blockShape)
      return fmt::format("the block shape of tensor descriptor `{}` ([{}], not [{}])", a.name,
                         fmt::join(b.blockShape, ", "), fmt::join(a.blockShape, ", "));
  }
  if (first.constexprs.size() != other.constexprs.size())
    return fmt::format("its number of constexprs ({}, not {})", other.constexprs.size(), first.constexprs.size());
  for (size_t i = 0; i < first.constexprs.size(); ++i) {
    const auto &[name, value] = first.constexprs[i];
    if (other.constexprs[i] != first.constexprs[i])
      return fmt::format("constexpr `{}` (`{}`, not `{}`)", name, other.constexprs[i].second, value);
  }
  return std::nullopt;
}

bool samePromises(const KernelInfo &a, const KernelInfo &b) {
  if (a.params.size() != b.params.size())
    return false;
  for (size_t i = 0; i < a.params.size(); ++i)
    if (a.params[i].hint != b.params[i].hint)
      return false;
  return true;
}

std::vector<size_t> dispatchOrder(const std::vector<KernelInfo> &specs) {
  std::vector<size_t> order(specs.size());
  for (size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return strength(specs[a]) > strength(specs[b]); });
  return order;
}

} // namespace tritonc
