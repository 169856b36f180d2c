#include "rope_case.h"

#include "rope_d128_h64.h"

void hostbench::benchRopeD128H64(int seq, int batch, int heads, int dim) {
  namespace kernel = tritonc_kernels::rope_kernel;
  benchRope<kernel::launch>(kernel::constexprs::HEAD_DIM, kernel::constexprs::BLOCK_H, kernel::constexprs::BACKWARD,
                            seq, batch, heads, dim);
}
