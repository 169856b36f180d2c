# A reduction whose threads would each read many warp partials (eight rows
# over eight warps: 64) combines them by shuffles instead: lane l of every
# warp reads slot l of each round of 32, the groups' butterflies run, and
# each row's result is fetched from its group's first lane. A row mask
# constant over 16 rows is computed once for the rows r and r + 4k that
# share a 16-row block (Triton's elementwise deduplication).
# REQUIRES: ptxas
# RUN: %tritonc %S/../../gpu/lang/kernels/row_reductions.py --kernel row_stats --signature "*fp32:16, *fp32:16, *fp32:16, i32, 8, 256" --num-warps 8 -o %t.stats.ptx
# RUN: FileCheck %s --check-prefix=STATS < %t.stats.ptx
# RUN: %ptxas -arch=sm_90a %t.stats.ptx -o %t.stats.cubin
# RUN: %tritonc %S/../../gpu/lang/kernels/row_reductions.py --kernel split_rows --signature "*fp32:16, *fp32:16, 16, 512" --num-warps 8 -o %t.split.ptx
# RUN: %ptxas -arch=sm_90a %t.split.ptx -o %t.split.cubin
# RUN: %tritonc %S/../../gpu/lang/kernels/row_reductions.py --kernel masked_row_blocks --signature "*fp32:16, *fp32:16, *fp32:16, *fp32:16, i32:16, i32:16, i32:16, 32, 128" -o %t.mask.ptx
# RUN: FileCheck %s --check-prefix=MASK < %t.mask.ptx
# RUN: %ptxas -arch=sm_90a %t.mask.ptx -o %t.mask.cubin

# The row maximum: two rounds of three butterfly steps over the partials,
# then one fetch per row, no vector reads of the partials.
# STATS: bar.sync
# STATS: ld.shared.b32
# STATS-NEXT: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 4, 31, -1;
# STATS: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 1, 31, -1;
# STATS: ld.shared.b32
# STATS-NEXT: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 4, 31, -1;
# STATS-COUNT-8: shfl.sync.idx.b32
# STATS-NOT: ld.shared.v4

# Eight row blocks a thread, two 16-row masks: each of the four vector
# loads of one 16-row block takes the same predicate.
# MASK: $L__BB0_
# MASK-COUNT-2: and.pred
# MASK-NOT: and.pred
# MASK: @[[P:%p[0-9]+]] ld.global.v4.b32
# MASK: @[[P]] ld.global.v4.b32
# MASK: @[[P]] ld.global.v4.b32
# MASK: @[[P]] ld.global.v4.b32
