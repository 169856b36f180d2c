#include "softmax_case.h"

#include "softmax_f32.h"

void hostbench::benchSoftmaxF32(int rows, int cols) {
  benchSoftmax<tritonc_kernels::softmax_kernel::launch>(Elem::F32, "float32", rows, cols);
}
