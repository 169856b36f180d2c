# `tritonc run` on inlined helpers and standard library functions: two rows
# of 4 zeros; softmax gives 0.25 everywhere, and the helper gates even rows
# through `tl.sigmoid` (sigmoid(0.25) = 0.5621765).
# RUN: rm -rf %t && mkdir -p %t
# RUN: python3 %S/Inputs/npy_tool.py write %t/x.npy "<f4" 8 "0.0"
# RUN: %tritonc run %S/../codegen/ptxas_helpers.py --kernel rows --signature "*fp32:16, *fp32:16, i32, 4" --grid 2 \
# RUN:   --arg x_ptr=%t/x.npy --arg y_ptr=zeros:8 --arg n=4 --out y_ptr=%t/y.npy
# RUN: python3 %S/Inputs/npy_tool.py print %t/y.npy | FileCheck %s

# CHECK: shape (8,) dtype <f4
# CHECK-NEXT: 0: 0.562176
# CHECK-NEXT: 1: 0.562176
# CHECK-NEXT: 2: 0.562176
# CHECK-NEXT: 3: 0.562176
# CHECK-NEXT: 4: 0.25
# CHECK-NEXT: 5: 0.25
# CHECK-NEXT: 6: 0.25
# CHECK-NEXT: 7: 0.25
