# 16-byte aligned fp32 pointers give 128-bit accesses; unaligned ones do not.
# RUN: %tritonc %samples/vector_add.py -o - --signature "*fp32:16, *fp32:16, *fp32:16, i32, 1024" | FileCheck %s --check-prefix=ALIGNED
# RUN: %tritonc %samples/vector_add.py -o - --signature "*fp32, *fp32, *fp32, i32, 1024" | FileCheck %s --check-prefix=UNALIGNED
# RUN: %tritonc %samples/vector_add.py -o - --signature "*fp32:16, *fp32:16, *fp32:16, i32:16, 1024" | FileCheck %s --check-prefix=DIV16
# RUN: %tritonc %samples/vector_add.py -o - --signature "*fp32:16, *fp32:16, *fp32:16, i32, 1024" --arch sm_80 | FileCheck %s --check-prefix=SM80

# ALIGNED: .visible .entry add_kernel(
# ALIGNED: .reqntid 128
# ALIGNED: ld.global.v4.b32
# ALIGNED: ld.global.v4.b32
# ALIGNED: st.global.v4.b32

# UNALIGNED-NOT: .v4
# UNALIGNED-NOT: .v2
# UNALIGNED: ld.global.b32
# UNALIGNED: st.global.b32

# With n divisible by 16 the mask is uniform per vector: no scalar fallback.
# DIV16-NOT: ld.global.b32
# DIV16: ld.global.v4.b32
# DIV16-NOT: ld.global.b32
# DIV16-NOT: st.global.b32

# SM80: .target sm_80
# SM80: ld.global.v4.b32
