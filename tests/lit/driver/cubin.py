# With ptxas, `--emit cubin` writes the first arch's machine code, and a
# header embeds one cubin per arch beside its PTX (the launcher loads the
# cubin where it runs, the PTX elsewhere); `--ptxas=` leaves cubins out and
# the header is the PTX-only one.
# REQUIRES: ptxas
# RUN: rm -rf %t && mkdir -p %t
# RUN: %tritonc %samples/vector_add.py -o %t/add.cubin --emit cubin --arch sm_80,sm_90a --header %t/add.h --signature "*fp32:16, *fp32:16, *fp32:16, i32, 1024"
# RUN: od -c -N 4 %t/add.cubin | FileCheck %s --check-prefix=ELF
# RUN: FileCheck %s --check-prefix=HEADER < %t/add.h
# RUN: %tritonc %samples/vector_add.py -o %t/add.ptx --arch sm_80,sm_90a --header %t/plain.h --ptxas= --signature "*fp32:16, *fp32:16, *fp32:16, i32, 1024"
# RUN: FileCheck %s --check-prefix=PLAIN < %t/plain.h
# RUN: %tritonc %samples/vector_add.py -o %t/again.ptx --arch sm_80,sm_90a --header %t/again.h --ptxas %ptxas --signature "*fp32:16, *fp32:16, *fp32:16, i32, 1024"
# RUN: cmp %t/add.h %t/again.h

# ELF: 177 E L F

# HEADER: // PTX for sm_80.
# HEADER: // cubin for sm_80 ({{[0-9]+}} bytes).
# HEADER-NEXT: alignas(16) inline constexpr unsigned char kCubin0[] =
# HEADER-NEXT: "\177ELF
# HEADER: // cubin for sm_90a ({{[0-9]+}} bytes).
# HEADER-NEXT: alignas(16) inline constexpr unsigned char kCubin1[] =
# HEADER: inline constexpr ::tritonc_kernels::runtime::Image kImages[] = {
# HEADER-NEXT: {80, ::tritonc_kernels::runtime::Runs::OnLater, kPtx0, kCubin0, {{[0-9]+}}},
# HEADER-NEXT: {90, ::tritonc_kernels::runtime::Runs::OnExact, kPtx1, kCubin1, {{[0-9]+}}},

# PLAIN-NOT: cubin for
# PLAIN: {80, ::tritonc_kernels::runtime::Runs::OnLater, kPtx0, nullptr, {{[0-9]+}}},
# PLAIN-NEXT: {90, ::tritonc_kernels::runtime::Runs::OnExact, kPtx1, nullptr, {{[0-9]+}}},
