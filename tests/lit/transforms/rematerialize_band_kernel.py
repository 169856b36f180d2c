# A band of 128 rows x 2 columns on 16 warps (the GPU language case
# row_band_columns.offset_first_fp32_128x2_w16), compiled whole: the
# per-row columns broadcast over the band, its mask and its `where` are
# computed in the band's layout, so the loop exchanges nothing through
# shared memory, and the per-row loads the column layout had wanted are
# dropped once nothing reads them: four loads an iteration (g, x and the two
# per-row values), no barrier.
# RUN: %tritonc %S/../../gpu/lang/kernels/row_band_columns.py --kernel weighted_column_sums_offset_first --signature "*fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, i32, i32, 128, 2" --num-warps 16 --arch sm_90a -o %t.ptx
# RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin
# RUN: FileCheck %s < %t.ptx
# REQUIRES: ptxas
# CHECK: [[LOOP:\$L__BB0_[0-9]+]]:
# CHECK-NOT: bar.sync
# CHECK-COUNT-4: ld.global.b32
# CHECK-NOT: {{bar.sync|ld.global|ld.shared|st.shared}}
# CHECK: bra{{.*}} [[LOOP]];
