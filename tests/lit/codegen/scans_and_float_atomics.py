# Reverse scans read their sequence backwards: earlier places come from
# higher lanes (shfl.down) and higher warps. Float atomic_max/atomic_min
# are Triton's pair of integer atomics on the bits, predicated on the sign
# bit (an integer compare of the bits, not a float compare: -0.0 and
# negative NaNs take the unsigned half).
# REQUIRES: ptxas
# RUN: %tritonc %S/../../gpu/kernels/reductions_atomics.py --kernel reverse_scans --signature "*fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, i32, i32, 4, 1024" --emit tir -o - | FileCheck %s --check-prefix=TIR
# RUN: %tritonc %S/../../gpu/kernels/reductions_atomics.py --kernel reverse_scans --signature "*fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, i32, i32, 4, 1024" -o %t.scan.ptx
# RUN: FileCheck %s --check-prefix=SCAN < %t.scan.ptx
# RUN: %ptxas -arch=sm_90a %t.scan.ptx -o %t.scan.cubin
# RUN: %tritonc %S/../../gpu/kernels/reductions_atomics.py --kernel scatter_minmax --signature "*fp32:16, *fp32:16, *fp32:16, i32, i32, 1024" -o %t.atomics.ptx
# RUN: FileCheck %s --check-prefix=ATOM < %t.atomics.ptx
# RUN: %ptxas -arch=sm_90a %t.atomics.ptx -o %t.atomics.cubin

# TIR: scan {{.*}} {axis = 1, kind = "sum", reverse = 1}
# TIR: scan {{.*}} {axis = 1, kind = "combine", reverse = 1}

# SCAN-NOT: shfl.sync.up
# SCAN: shfl.sync.down.b32
# SCAN: bar.sync

# ATOM: setp.gt.s32 {{%p[0-9]+}}, {{%r[0-9]+}}, -1;
# ATOM-DAG: atom.global.gpu.acq_rel.max.s32
# ATOM-DAG: atom.global.gpu.acq_rel.min.u32
# ATOM-DAG: atom.global.gpu.acq_rel.min.s32
# ATOM-DAG: atom.global.gpu.acq_rel.max.u32
