# A `return` nested under a compile-time `if` and a run-time one, with code
# after both (Liger-Kernel's loss kernels skip ignored rows so): the code
# after runs on every path that does not return. Row 1's label is the
# ignored one, so its outputs are zeros; rows 0 and 2 are doubled.
# RUN: rm -rf %t && mkdir -p %t
# RUN: python3 %S/Inputs/npy_tool.py write %t/x.npy "<f4" 12 "float(i + 1)"
# RUN: python3 %S/Inputs/npy_tool.py write %t/label.npy "<i4" 3 "[0, -100, 2][i]"
# RUN: %tritonc run %s --signature "*fp32, *i32, *fp32, -100, True, 4" --grid 3 \
# RUN:   --arg x_ptr=%t/x.npy --arg label_ptr=%t/label.npy --arg o_ptr=zeros:12 --out o_ptr=%t/o.npy
# RUN: python3 %S/Inputs/npy_tool.py print %t/o.npy | FileCheck %s
# CHECK: 0: 2.0
# CHECK-NEXT: 1: 4.0
# CHECK: 4: 0.0
# CHECK-NEXT: 5: 0.0
# CHECK: 8: 18.0
# CHECK: 11: 24.0
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, label_ptr, o_ptr, ignore_index: tl.constexpr, HAS_LABEL: tl.constexpr, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    if HAS_LABEL:
        label = tl.load(label_ptr + row)
        if label == ignore_index:
            tl.store(o_ptr + row * BLOCK + offs, tl.zeros([BLOCK], tl.float32))
            return
    x = tl.load(x_ptr + row * BLOCK + offs)
    tl.store(o_ptr + row * BLOCK + offs, x * 2)
