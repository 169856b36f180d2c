# `tritonc run` refuses bad arguments with one clear message each.
# RUN: rm -rf %t && mkdir -p %t
# RUN: python3 %S/Inputs/npy_tool.py write %t/x64.npy "<f8" 10 "i"
# RUN: python3 %S/Inputs/npy_tool.py write %t/x.npy "<f4" 10 "i"
# RUN: not %tritonc run %samples/vector_add.py --signature "*fp32, *fp32, *fp32, i32, 256" --grid 1 \
# RUN:   --arg x_ptr=%t/x64.npy --arg y_ptr=%t/x.npy --arg output_ptr=zeros:10 --arg n_elements=10 2>&1 \
# RUN:   | FileCheck %s --check-prefix=DTYPE
# DTYPE: tritonc: error: `{{.*}}x64.npy` is not a usable .npy file: its dtype is <f8 but `x_ptr` points to f32, which needs <f4 [BadNpyFile]

# RUN: not %tritonc run %samples/vector_add.py --signature "*fp32, *fp32, *fp32, i32, 256" --grid 1 \
# RUN:   --arg x_ptr=%t/x.npy --arg y_ptr=%t/x.npy --arg output_ptr=zeros:10 2>&1 | FileCheck %s --check-prefix=MISSING
# MISSING: tritonc: error: no `--arg n_elements=...` for parameter `n_elements` [BadOption]

# RUN: not %tritonc run %samples/vector_add.py --signature "*fp32, *fp32, *fp32, i32, 256" --grid 1 \
# RUN:   --arg BLOCK_SIZE=64 2>&1 | FileCheck %s --check-prefix=CONSTEXPR
# CONSTEXPR: tritonc: error: `BLOCK_SIZE` is a `tl.constexpr`; give its value in `--signature` [BadOption]

# RUN: not %tritonc run %samples/vector_add.py --signature "*fp32, *fp32, *fp32, i32, 256" --grid 1 \
# RUN:   --arg x_ptr=%t/x.npy --arg y_ptr=%t/x.npy --arg output_ptr=zeros:10 --arg n_elements=ten 2>&1 \
# RUN:   | FileCheck %s --check-prefix=SCALAR
# SCALAR: tritonc: error: `--arg n_elements=ten`: expected an integer in range for a parameter of type i32 [BadOption]

# RUN: not %tritonc run %samples/vector_add.py --signature "*fp32, *fp32, *fp32, i32, 256" --grid 0,1 \
# RUN:   --arg x_ptr=%t/x.npy 2>&1 | FileCheck %s --check-prefix=GRID
# GRID: tritonc: error: `--grid 0,1` needs one to three positive integers, e.g. `--grid 4,1,1` [BadOption]
