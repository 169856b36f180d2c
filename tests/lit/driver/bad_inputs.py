# Bad input never crashes: each case exits 1 with one clear message.
# RUN: not %tritonc %t.does-not-exist.py -o %t.ptx 2>&1 | FileCheck %s --check-prefix=MISSING
# MISSING: tritonc: error: cannot open `{{.*}}does-not-exist.py`: No such file or directory [CannotOpenFile]

# RUN: rm -f %t.empty.py && touch %t.empty.py
# RUN: not %tritonc %t.empty.py -o %t.ptx 2>&1 | FileCheck %s --check-prefix=EMPTY
# EMPTY: tritonc: error: no `@triton.jit` kernel in this file [NoKernel]

# RUN: not %tritonc %samples/vector_add.py -o %t.ptx --kernel nope --signature "*fp32, *fp32, *fp32, i32, 1024" 2>&1 | FileCheck %s --check-prefix=UNKNOWN
# UNKNOWN: tritonc: error: no `@triton.jit` kernel named `nope`; the file defines `add_kernel` [UnknownKernel]

# RUN: not %tritonc %samples/vector_add.py -o %t.ptx --signature "*fp33, *fp32, *fp32, i32, 1024" 2>&1 | FileCheck %s --check-prefix=BADSIG
# BADSIG: tritonc: error: malformed signature entry 1 `*fp33`: unknown type `fp33` [BadSignature]

# RUN: not %tritonc %samples/vector_add.py -o %t.ptx --arch sm_70 --signature "*fp32, *fp32, *fp32, i32, 1024" 2>&1 | FileCheck %s --check-prefix=ARCH
# ARCH: tritonc: error: unknown architecture `sm_70`; expected one of sm_80, sm_86, sm_89, sm_90, sm_90a [UnknownArch]

# RUN: not %tritonc %samples/vector_add.py -o %t.ptx --emit nonsense 2>&1 | FileCheck %s --check-prefix=OPTION
# OPTION: tritonc: error: {{.*}}nonsense{{.*}} [BadOption]
