# Philox on wide counters as Triton forms them: `tl.rand` with int64
# offsets (the high half is the second counter) and `tl.philox` on uint64
# counters (Philox-4x64 with the seed as the first key), compared with a
# Python model of Triton's random.py.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %tritonc run %s --kernel streams --signature "*fp32, *u64, i32" --grid 1 --arg u_ptr=zeros:64 --arg w_ptr=zeros:64 --arg seed=20261125 --out u_ptr=%t/u.npy --out w_ptr=%t/w.npy
# RUN: python3 %S/Inputs/philox_reference.py 20261125 64 > %t/want.txt
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/u.npy | sed 1d > %t/got.txt
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/w.npy | sed 1d | awk -F': ' '{ print $1 + 64 ": " $2 }' >> %t/got.txt
# RUN: diff %t/got.txt %t/want.txt
# RUN: %tritonc %s --kernel streams --signature "*fp32:16, *u64:16, i32" -o %t/s.ptx
import triton
import triton.language as tl


@triton.jit
def streams(u_ptr, w_ptr, seed):
    offs = tl.arange(0, 64)
    tl.store(u_ptr + offs, tl.rand(seed, offs.to(tl.int64) + 5000000000))
    counters = offs.to(tl.uint64)
    a, b, c, d = tl.philox(seed, counters, counters, counters * 0, counters * 0)
    tl.store(w_ptr + offs, a ^ b)
