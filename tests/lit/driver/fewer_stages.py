# Rings as deep as `num_stages` asks may not fit a target with less shared
# memory: the attention sample's dq kernel with 3 stages needs 213 KB, which
# sm_90a has and sm_80 (163 KB) has not; sm_80's code then pipelines 2
# stages deep, with a warning, rather than exit 0 with a kernel whose launch
# fails. What fits in no depth is refused (sema/fail_shared_memory_limit.py).
# A header with both targets launches each image with its own shared memory.
# RUN: %tritonc %S/../../../samples/attention.py --kernel attention_bwd_dq --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp32:16, *fp32:16, fp32, i32:16, i32:16, i32:16, i32, i32, 128, 128, 64, True" --num-warps 8 --arch sm_80 -o %t.ptx 2>&1 | FileCheck %s
# RUN: FileCheck %s --check-prefix=JSON < %t.json
# RUN: %ptxas -arch=sm_80 %t.ptx -o %t.cubin
# RUN: %tritonc %S/../../../samples/attention.py --kernel attention_bwd_dq --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp32:16, *fp32:16, fp32, i32:16, i32:16, i32:16, i32, i32, 128, 128, 64, True" --num-warps 8 --arch sm_90a -o %t90.ptx 2>&1 | FileCheck %s --check-prefix=SM90 --allow-empty
# RUN: %tritonc %S/../../../samples/attention.py --kernel attention_bwd_dq --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp32:16, *fp32:16, fp32, i32:16, i32:16, i32:16, i32, i32, 128, 128, 64, True" --num-warps 8 --arch sm_80,sm_90a -o %tboth.ptx --header %t.h --ptxas= 2>/dev/null
# RUN: FileCheck %s --check-prefix=HEADER < %t.h
# HEADER: {80, ::tritonc_kernels::runtime::Runs::OnLater, kPtx0, nullptr, 163840},
# HEADER-NEXT: {90, ::tritonc_kernels::runtime::Runs::OnExact, kPtx1, nullptr, 212992},
# CHECK: attention.py:{{[0-9]+}}:1: warning: `num_stages=3` needs more shared memory than a block on `sm_80` has (166912 bytes); that target's code pipelines 2 stages deep [FewerStages]
# JSON: "shared_bytes": 163840
# SM90-NOT: warning
