# `--time-report` prints each phase's milliseconds to stderr, leaving the
# PTX on stdout untouched.
# RUN: %tritonc %S/../../../samples/vector_add.py --signature "*fp32:16, *fp32:16, *fp32:16, i32, 1024" --time-report -o - 2>%t.times | FileCheck %s --check-prefix=PTX
# RUN: FileCheck %s --check-prefix=TIMES < %t.times
# PTX: .entry add_kernel
# TIMES: tritonc: time per phase
# TIMES-NEXT: front end {{[0-9]+\.[0-9]}} ms
# TIMES-NEXT: tile IR passes {{[0-9]+\.[0-9]}} ms
# TIMES-NEXT: LLVM IR emission {{[0-9]+\.[0-9]}} ms
# TIMES-NEXT: LLVM optimisation {{[0-9]+\.[0-9]}} ms
# TIMES-NEXT: NVPTX code generation {{[0-9]+\.[0-9]}} ms
# TIMES-NEXT: total {{[0-9]+\.[0-9]}} ms
