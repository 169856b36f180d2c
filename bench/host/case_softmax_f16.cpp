#include "softmax_case.h"

#include "softmax_f16.h"

void hostbench::benchSoftmaxF16(int rows, int cols) {
  benchSoftmax<tritonc_kernels::softmax_kernel::launch>(Elem::F16, "float16", rows, cols);
}
