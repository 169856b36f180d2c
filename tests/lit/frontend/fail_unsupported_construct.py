# Python constructs that kernels cannot use are named, one error each,
# and their blocks and clauses are skipped. (At module level the same
# constructs are host code and are skipped silently: host_code.py.)
# RUN: not %tritonc %s --emit ast -o - 2>&1 | FileCheck %s
@triton.jit
def kernel(x_ptr, n):
# CHECK: [[@LINE+3]]:5: error: `class` is a Python construct that kernels cannot use; kernels are functions decorated with `@triton.jit` [UnsupportedConstruct]
# CHECK-NEXT: | class Config:
# CHECK-NEXT: | ^~~~~
    class Config:
        x = 1
# CHECK: [[@LINE+3]]:5: error: `try` is a Python construct that kernels cannot use; kernels cannot raise or catch exceptions [UnsupportedConstruct]
# CHECK-NEXT: | try:
# CHECK-NEXT: | ^~~
    try:
        pass
    except ImportError:
        pass
    finally:
        pass
# CHECK: [[@LINE+3]]:9: error: `lambda` is a Python construct that kernels cannot use; define a `@triton.jit` function instead [UnsupportedConstruct]
# CHECK-NEXT: | f = lambda v: v + 1
# CHECK-NEXT: | ^~~~~~
    f = lambda v: v + 1
# CHECK: [[@LINE+3]]:17: error: `[x for ...]` is a Python construct that kernels cannot use; write a loop instead [UnsupportedConstruct]
# CHECK-NEXT: | ys = [v * 2 for v in range(4)]
# CHECK-NEXT: | ^~~
    ys = [v * 2 for v in range(4)]
# CHECK: [[@LINE+3]]:5: error: `global` is a Python construct that kernels cannot use; pass the value as a parameter or a `tl.constexpr` instead [UnsupportedConstruct]
# CHECK-NEXT: | global N
# CHECK-NEXT: | ^~~~~~
    global N
# CHECK: [[@LINE+3]]:14: error: `*args` is a Python construct that kernels cannot use; pass each argument on its own [UnsupportedConstruct]
# CHECK-NEXT: | tl.store(*args)
# CHECK-NEXT: | ^
    tl.store(*args)
# CHECK: [[@LINE+3]]:5: error: `with` is a Python construct that kernels cannot use [UnsupportedConstruct]
# CHECK-NEXT: | with ctx:
# CHECK-NEXT: | ^~~~
    with ctx:
        pass
# CHECK: [[@LINE+3]]:11: error: `:=` is a Python construct that kernels cannot use; assign in a statement of its own [UnsupportedConstruct]
# CHECK-NEXT: | if (m := n):
# CHECK-NEXT: | ^~
    if (m := n):
        pass
    for i in range(n):
        pass
# CHECK: [[@LINE+3]]:5: error: `for ... else` is a Python construct that kernels cannot use; use a flag variable instead [UnsupportedConstruct]
# CHECK-NEXT: | else:
# CHECK-NEXT: | ^~~~
    else:
        pass
# CHECK: [[@LINE+3]]:9: error: `{x, y}` is a Python construct that kernels cannot use; sets are not supported [UnsupportedConstruct]
# CHECK-NEXT: | s = {1, 2}
# CHECK-NEXT: | ^
    s = {1, 2}
# CHECK: [[@LINE+3]]:5: error: `del` is a Python construct that kernels cannot use [UnsupportedConstruct]
# CHECK-NEXT: | del n
# CHECK-NEXT: | ^~~
    del n
# CHECK: [[@LINE+3]]:5: error: `yield` is a Python construct that kernels cannot use [UnsupportedConstruct]
# CHECK-NEXT: | yield n
# CHECK-NEXT: | ^~~~~
    yield n
# CHECK: [[@LINE+3]]:9: error: `f"..."` is a Python construct that kernels cannot use; use a plain string [UnsupportedConstruct]
# CHECK-NEXT: | t = f"{n}"
# CHECK-NEXT: | ^~~~~~
    t = f"{n}"
# CHECK: [[@LINE+3]]:15: error: `...` is a Python construct that kernels cannot use [UnsupportedConstruct]
# CHECK-NEXT: | u = x_ptr[..., None]
# CHECK-NEXT: | ^~~
    u = x_ptr[..., None]
    return n
# CHECK: [[@LINE+4]]:12: error: `*args` is a Python construct that kernels cannot use; list every parameter by name [UnsupportedConstruct]
# CHECK-NEXT: | def helper(*args, **kwargs):
# CHECK-NEXT: | ^
@triton.jit
def helper(*args, **kwargs):
    pass
# CHECK-NOT: error:
