# A reduction without an axis reduces its input flattened to one dim, as
# Triton's does: each thread folds all of its elements, then five lane
# shuffles and one exchange of warp partials per reduction (four here:
# sum, a combine function, the sum of a 3-D reshape, a maximum), and the
# flattening renames registers (no shared-memory round trip). Reduced one
# dim at a time, FlagGems' group norm's [32, 512] tile took 400 shuffles
# and spilled 36 bytes.
# REQUIRES: ptxas
# RUN: %tritonc %S/../../gpu/lang/kernels/row_reductions.py --kernel tile_totals --signature "*fp32:16, *fp32:16, 32, 512" -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: FileCheck %s --check-prefix=STORES < %t.ptx
# RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin

# The combine function's four warp partials are combined by two more lane
# shuffles and fetched from the first lane (a combine function is costly
# enough for the butterfly from 4 warps); the builtin sums and maximum
# read theirs.
# CHECK-COUNT-12: shfl.sync.bfly.b32
# CHECK: shfl.sync.idx.b32
# CHECK-COUNT-10: shfl.sync.bfly.b32
# CHECK-NOT: shfl.sync

# One shared-memory store per reduction, each thread's warp partial.
# STORES-COUNT-4: st.shared
# STORES-NOT: st.shared
