# The two softmax kernels of tests/kernels/softmax.py: a whole row per
# block with programs striding over the rows, and the online form for rows
# wider than one block.
# RUN: %tritonc %S/../../kernels/softmax.py --kernel softmax_kernel --signature "*fp32:16, *fp32:16, i32, i32, i32, i32, 1024, 4" --emit tir -o - | FileCheck %s --check-prefix=ROWS
# RUN: %tritonc %S/../../kernels/softmax.py --kernel softmax_online_kernel --signature "*fp16:16, *fp16:16, i32, i32, i32, 1024" --emit tir -o - | FileCheck %s --check-prefix=ONLINE

# Programs stride over the rows: tl.range(pid, n_rows, num_programs, num_stages=4).
# ROWS-LABEL: func @softmax_kernel(
# ROWS: %[[PID:[0-9]+]] = program_id {axis = 0} : i32
# ROWS: %[[NP:[0-9]+]] = num_programs {axis = 0} : i32
# ROWS: for %[[PID]], %n_rows, %[[NP]] {num_stages = 4}
# ROWS: %[[ROW:[0-9]+]] = load {{.*}} : tensor<1024xf32>
# ROWS-NEXT: %[[MAX:[0-9]+]] = reduce %[[ROW]] {axis = 0, kind = "max"} : f32
# ROWS: %[[NUM:[0-9]+]] = math {{.*}} {fn = "exp"} : tensor<1024xf32>
# ROWS-NEXT: %[[DEN:[0-9]+]] = reduce %[[NUM]] {axis = 0, kind = "sum"} : f32
# ROWS: divf %[[NUM]], {{.*}} : tensor<1024xf32>
# ROWS: store
# ROWS-NEXT: yield
# ROWS-NEXT: }
# ROWS-NEXT: return

# First loop: (sum, max) carried as f32 scalars from 0.0 and -inf; the
# second loop normalises and rounds back to fp16 before the store.
# ONLINE-LABEL: func @softmax_online_kernel(
# ONLINE: %[[D0:[0-9]+]] = constant {value = 0{{[.0e+]*}}} : f32
# ONLINE: %[[M0:[0-9]+]] = constant {value = -inf} : f32
# ONLINE: %[[D:[0-9]+]], %[[M:[0-9]+]] = for {{.*}}, %n_cols, {{.*}}, %[[D0]], %[[M0]] : f32, f32
# ONLINE: reduce {{.*}} {axis = 0, kind = "max"} : f32
# ONLINE: maxnumf
# ONLINE: math {{.*}} {fn = "exp"} : f32
# ONLINE: reduce {{.*}} {axis = 0, kind = "sum"} : f32
# ONLINE: yield
# ONLINE: for {{.*}}, %n_cols,
# ONLINE: divf {{.*}} : tensor<1024xf32>
# ONLINE: truncf {{.*}} : tensor<1024xf16>
# ONLINE-NEXT: store
