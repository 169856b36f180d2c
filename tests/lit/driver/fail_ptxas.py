# `--emit cubin` without a ptxas, and a ptxas that fails, are diagnosed;
# neither needs the real ptxas.
# RUN: not %tritonc %samples/vector_add.py -o %t.cubin --emit cubin --ptxas= --signature "*fp32, *fp32, *fp32, i32, 1024" 2>&1 | FileCheck %s --check-prefix=NONE
# NONE: tritonc: error: `--emit cubin` needs ptxas, and `--ptxas=` names none; install the CUDA toolkit or name one with `--ptxas` [NoPtxas]
# RUN: not %tritonc %samples/vector_add.py -o %t.ptx --header %t.h --ptxas false --signature "*fp32, *fp32, *fp32, i32, 1024" 2>&1 | FileCheck %s --check-prefix=FAILS
# FAILS: tritonc: internal compiler error: ptxas (`false`) rejected the PTX tritonc wrote for sm_90a (exit status 1; its messages are above)
# RUN: not %tritonc %samples/vector_add.py -o %t.ptx --header %t.h --ptxas %t.missing/ptxas --signature "*fp32, *fp32, *fp32, i32, 1024" 2>&1 | FileCheck %s --check-prefix=MISSING
# MISSING: tritonc: error: ptxas (`{{.*}}missing/ptxas`) failed on the PTX for sm_90a (No such file or directory); `--ptxas=` leaves cubins out [PtxasFailed]
