#include "rope_case.h"

#include "rope_d64_h16.h"

void hostbench::benchRopeD64H16(int seq, int batch, int heads, int dim) {
  namespace kernel = tritonc_kernels::rope_kernel;
  benchRope<kernel::launch>(kernel::constexprs::HEAD_DIM, kernel::constexprs::BLOCK_H, kernel::constexprs::BACKWARD,
                            seq, batch, heads, dim);
}
