# tl.static_print prints at compile time (to stderr); tl.device_print prints
# each element when the kernel runs: vprintf on the GPU, the same lines
# from the interpreter. With several values each line names its operand.
# RUN: rm -rf %t && mkdir -p %t
# RUN: python3 %S/../interp/Inputs/npy_tool.py write %t/x.npy "<f4" 4 "i + 0.5"
# RUN: %tritonc run %s --signature "*fp32, i32, 4" --grid 1 --arg x_ptr=%t/x.npy --arg n=7 > %t/out.txt 2> %t/err.txt
# RUN: FileCheck %s --check-prefix=OUT < %t/out.txt
# RUN: FileCheck %s --check-prefix=STATIC < %t/err.txt
# RUN: %tritonc %s --signature "*fp32, i32, 4" -o %t/p.ptx --arch sm_80 2> /dev/null
# RUN: FileCheck %s --check-prefix=PTX < %t/p.ptx
# STATIC: block 4 (4,) tensor<4xf32>
# OUT: pid (0, 0, 0) idx (0) x: 0.500000
# OUT-NEXT: pid (0, 0, 0) idx (1) x: 1.500000
# OUT: pid (0, 0, 0) n (operand 0): 0x7
# OUT-NEXT: pid (0, 0, 0) idx (0) n (operand 1): 0x0
# OUT: pid (0, 0, 0) idx (3) n (operand 1): 0x3
# The format "pid (%u, %u, %u) idx (%u) x: %f\n" as bytes:
# PTX: printf_format{{.*}} = {112, 105, 100, 32, 40, 37, 117, 44, 32, 37, 117, 44, 32, 37, 117, 41, 32, 105, 100, 120, 32, 40, 37, 117, 41, 32, 120, 58, 32, 37, 102, 10}
# PTX: call.uni{{.*}}vprintf
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, n, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    tl.static_print("block", N, x.shape, x)
    tl.device_print("x: ", x)
    tl.device_print("n", n, offs.to(tl.int64), hex=True)
