// Several specialisations of one kernel behind one launch() (DESIGN.md §5):
// what they must share, and the order in which the launcher tries them.
// A specialisation is one signature compiled; they may differ only in the
// `:N` hints of their parameters, which the launcher checks at run time.
#pragma once

#include "tritonc/host/KernelInfo.h"

#include <optional>
#include <string>
#include <vector>

namespace tritonc {

// How `other` differs from `first` beyond its hints — "parameter `n` is
// `i64`, not `i32`" — or nullopt when it does not. One launch() takes one
// argument list, and a constexpr value cannot be checked at run time.
std::optional<std::string> specialisationMismatch(const KernelInfo &first, const KernelInfo &other);

// Whether `a` and `b` promise the same of every parameter (the later of
// two such is never launched).
bool samePromises(const KernelInfo &a, const KernelInfo &b);

// Indices into `specs`, in the order a launcher tries them: by the
// strength of their promises, strongest first (`:16` over `:8`, `:1` over
// any divisibility), so that a specialisation whose promises imply
// another's always comes before it; equals keep their given order.
std::vector<size_t> dispatchOrder(const std::vector<KernelInfo> &specs);

} // namespace tritonc
