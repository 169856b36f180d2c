# `tritonc run`: the sample vector add on the CPU interpreter, n = 1000
# over 4 programs of 256 (the last one ragged), .npy files in and out.
# RUN: rm -rf %t && mkdir -p %t
# RUN: python3 %S/Inputs/npy_tool.py write %t/x.npy "<f4" 1000 "i * 0.5"
# RUN: python3 %S/Inputs/npy_tool.py write %t/y.npy "<f4" 1000 "1000 - i"
# RUN: %tritonc run %samples/vector_add.py --signature "*fp32:16, *fp32:16, *fp32:16, i32, 256" --grid 4 \
# RUN:   --arg x_ptr=%t/x.npy --arg y_ptr=%t/y.npy --arg output_ptr=zeros:1000 --arg n_elements=1000 \
# RUN:   --out output_ptr=%t/out.npy
# RUN: python3 %S/Inputs/npy_tool.py print %t/out.npy | FileCheck %s

# CHECK: shape (1000,) dtype <f4
# CHECK-NEXT: 0: 1000.0
# CHECK-NEXT: 1: 999.5
# CHECK: 998: 501.0
# CHECK-NEXT: 999: 500.5
# CHECK-NOT: 1000:
