#include "tritonc/sema/TypedKernel.h"

#include "tritonc/support/Diagnostics.h"

namespace tritonc {

ContextId ContextTable::child(ContextId parent, const void *site, int64_t index) {
  auto [it, inserted] = ids_.emplace(Key{parent, site, index}, ContextId(ids_.size() + 1));
  return it->second;
}

ContextId ContextTable::existing(ContextId parent, const void *site, int64_t index) const {
  auto it = ids_.find(Key{parent, site, index});
  TRITONC_CHECK(it != ids_.end(), "lowering reached a context sema never checked");
  return it->second;
}

} // namespace tritonc
