# A tuning file is checked against the kernel, each mistake reported at
# its place in the JSON file; `--tuning` needs an autotuned signature.
# RUN: not %tritonc %s -o %t.ptx --signature "*fp32, i32" --tuning %S/Inputs/tuning_unknown_label.json 2>&1 | FileCheck %s --check-prefix=LABEL
# LABEL: tuning_unknown_label.json:2:38: error: no configuration of the kernel has this label; was the decorator's list changed since tuning? [BadTuningFile]
# LABEL-NEXT: {{ *}}2 |  "results": [{"key": [4096], "best": "BLOCK=32, num_warps=4, num_stages=3"}]}
# LABEL-NEXT: {{ *}}| {{ *}}^~~~~
# RUN: not %tritonc %s -o %t.ptx --signature "*fp32, i32" --tuning %S/Inputs/tuning_truncated.json 2>&1 | FileCheck %s --check-prefix=TRUNCATED
# TRUNCATED: tuning_truncated.json:3:1: error: malformed tuning file: expected `,` or `]` [BadTuningFile]
# RUN: not %tritonc %s -o %t.ptx --signature "*fp32, i32" --tuning %S/Inputs/tuning_other_key.json 2>&1 | FileCheck %s --check-prefix=KEY
# KEY: tuning_other_key.json:1:46: error: this key is not the kernel's (n); was the file tuned for another kernel? [BadTuningFile]
# RUN: not %tritonc %s -o %t.ptx --signature "*fp32, i32" --tuning %S/Inputs/tuning_no_winner.json 2>&1 | FileCheck %s --check-prefix=EMPTY
# EMPTY: tuning_no_winner.json:1:49: error: no result names a winning configuration [BadTuningFile]
# RUN: not %tritonc %s -o %t.ptx --signature "*fp32, i32" --tuning %t.missing.json 2>&1 | FileCheck %s --check-prefix=MISSING
# MISSING: error: cannot open `{{.*}}missing.json`
# RUN: not %tritonc %s -o %t.ptx --signature "*fp32, i32, 64" --tuning %S/Inputs/tuning_unknown_label.json 2>&1 | FileCheck %s --check-prefix=PLAIN
# PLAIN: tritonc: error: `--tuning` needs an autotuned kernel and a signature that leaves out the meta-parameters its configurations set [BadOption]
import triton
import triton.language as tl


@triton.autotune(configs=[triton.Config({"BLOCK": 64}), triton.Config({"BLOCK": 128})], key=["n"])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, 1.0, mask=offs < n)
