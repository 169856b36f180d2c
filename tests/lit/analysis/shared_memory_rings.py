# Two pipelined loops one after the other (the causal attention kernel:
# the key blocks before the diagonal, then the diagonal block) reuse one
# set of ring-buffer bytes: the first loop's drain (cp.async.wait_group 0
# and a barrier) orders its reads before the second loop's copies. The
# rings still share no bytes with buffers used before their loop ends (the
# layout conversions after both loops come after every ring's last use).
# The query tile both loops read is written to shared memory once, before
# the first loop, and stays there for the second.
# RUN: %tritonc %S/../../kernels/fused_attention.py --kernel attention_fwd --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp32:16, fp32, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32, 4096, 64, 128, 64, True" --num-warps 4 --arch sm_90a --num-stages 3 --print-analysis shared-memory -o %t.ptx 2>&1 | FileCheck %s
# RUN: FileCheck %s --check-prefix=META < %t.json
# RUN: FileCheck %s --check-prefix=ONCE < %t.ptx

# CHECK: shared memory of @attention_fwd: 65536 bytes in 7 buffers
# CHECK-NEXT: = local_alloc: [0, 24576) 24576 bytes, 0 rounds, live [0, [[END1:[0-9]+]]]
# CHECK-NEXT: = local_alloc: [24576, 49152) 24576 bytes, 0 rounds, live [0, [[END1]]]
# The query tile, written once before the first loop and read by both.
# CHECK-NEXT: = local_alloc: [49152, 65536) 16384 bytes, 0 rounds, live [0, [[END2:[0-9]+]]]
# CHECK-NEXT: = local_alloc: [0, 24576) 24576 bytes, 0 rounds, live [0, [[END2]]]
# CHECK-NEXT: = local_alloc: [24576, 49152) 24576 bytes, 0 rounds, live [0, [[END2]]]

# META: "shared_bytes": 65536,

# The query tile's 8 vector stores a thread (128x64 fp16 over 128 threads)
# happen once; before, the second loop stored it again after the first,
# keeping its 32 registers live through the first loop.
# ONCE-COUNT-8: st.shared.v4.b32
# ONCE-NOT: st.shared.v4.b32
