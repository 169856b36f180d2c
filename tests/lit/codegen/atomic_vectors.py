# A float atomic_add over a tile takes a run of contiguous elements per
# instruction, as Triton does: on sm_90, `atom.add.noftz.v8.bf16`,
# `.v8.f16` and `.v4.f32` (16 bytes), PTX 8.1; before sm_90, fp16 two at
# a time (`add.noftz.f16x2`) and fp32 one at a time. A mask that is the
# same along a row keeps the runs; one that may change inside a run (an
# unhinted column bound) makes each element its own atomic. A relaxed add
# whose old value nobody reads is a `red` of the same width.
# RUN: %tritonc %s --kernel scatter_add -o %t.ptx --signature "*bf16:16, *fp16:16, *fp32:16, i32, i32"
# RUN: FileCheck %s --check-prefix=SM90 < %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}
# RUN: %tritonc %s --kernel scatter_add -o %t.sm80.ptx --arch sm_80 --signature "*fp16:16, *fp16:16, *fp32:16, i32, i32"
# RUN: FileCheck %s --check-prefix=SM80 < %t.sm80.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.sm80.ptx -o %t.sm80.cubin %}
# SM90: .version 8.1
# SM90-DAG: atom.global.gpu.acq_rel.add.noftz.v8.bf16 {%rs{{[0-9]+}}, %rs{{[0-9]+}}, %rs{{[0-9]+}}, %rs{{[0-9]+}}, %rs{{[0-9]+}}, %rs{{[0-9]+}}, %rs{{[0-9]+}}, %rs{{[0-9]+}}}, [ %rd{{[0-9]+}} + 0 ], {
# SM90-DAG: atom.global.gpu.acq_rel.add.noftz.v8.f16
# SM90-DAG: red.global.gpu.relaxed.add.v4.f32 [ %rd{{[0-9]+}} + 0 ], {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}};
# SM90-DAG: atom.global.gpu.acq_rel.add.f32 %r
# SM80: .version 8.0
# SM80-NOT: .v8
# SM80-DAG: atom.global.gpu.acq_rel.add.noftz.f16x2 %r
# SM80-DAG: red.global.gpu.relaxed.add.f32 [
import triton
import triton.language as tl


@triton.jit
def scatter_add(b_ptr, h_ptr, f_ptr, n_rows, n_cols):
    rows = tl.arange(0, 32)
    cols = tl.arange(0, 64)
    offsets = rows[:, None] * 64 + cols[None, :]
    in_rows = (rows < n_rows)[:, None]
    tl.atomic_add(b_ptr + offsets, tl.full((32, 64), 1.0, tl.bfloat16), mask=in_rows)
    tl.atomic_add(h_ptr + offsets, tl.full((32, 64), 1.0, tl.float16))
    tl.atomic_add(f_ptr + offsets, tl.full((32, 64), 1.0, tl.float32), sem="relaxed")
    # The column bound may fall inside a run: element by element.
    tl.atomic_add(f_ptr + offsets, tl.full((32, 64), 2.0, tl.float32), mask=in_rows & (cols < n_cols)[None, :])
