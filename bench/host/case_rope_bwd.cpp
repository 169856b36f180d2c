#include "rope_case.h"

#include "rope_bwd.h"

void hostbench::benchRopeBwd(int seq, int batch, int heads, int dim) {
  namespace kernel = tritonc_kernels::rope_kernel;
  benchRope<kernel::launch>(kernel::constexprs::HEAD_DIM, kernel::constexprs::BLOCK_H, kernel::constexprs::BACKWARD,
                            seq, batch, heads, dim);
}
