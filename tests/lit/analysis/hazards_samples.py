# Barriers in the samples, as the hazard analysis places them: each
# reduction across warps waits once, between its partials' write and their
# read; the second reduction's buffer sits beside the first, so its write
# waits for nothing. Inside the softmax's row loop, the next row's first
# write touches bytes no pending read holds.
# RUN: %tritonc %samples/softmax.py --kernel softmax_kernel --signature "*fp32:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, 8192, 4" --num-warps 8 -o %t.ptx --print-analysis hazards 2>&1 | FileCheck %s --check-prefix=SOFTMAX
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# RUN: %tritonc %samples/layer_norm.py --kernel layer_norm_fwd --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp32:16, *fp32:16, i32:16, i32:16, fp32, 4096" --num-warps 8 -o %t2.ptx --print-analysis hazards 2>&1 | FileCheck %s --check-prefix=LAYERNORM

# SOFTMAX: shared-memory hazards of @softmax_kernel: 2 barriers
# SOFTMAX-NEXT: (reduce) round 0 write [0, 32): no barrier
# SOFTMAX-NEXT: (reduce) round 0 read [0, 32): barrier, read after write
# SOFTMAX-NEXT: (reduce) round 0 write [32, 64): no barrier
# SOFTMAX-NEXT: (reduce) round 0 read [32, 64): barrier, read after write
# PTX-COUNT-2: bar.sync
# PTX-NOT: bar.sync

# LAYERNORM: shared-memory hazards of @layer_norm_fwd: 2 barriers
# LAYERNORM-NEXT: (reduce) round 0 write [0, 32): no barrier
# LAYERNORM-NEXT: (reduce) round 0 read [0, 32): barrier
# LAYERNORM-NEXT: (reduce) round 0 write [32, 64): no barrier
# LAYERNORM-NEXT: (reduce) round 0 read [32, 64): barrier
