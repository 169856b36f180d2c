# Names a kernel takes from other modules that cannot be used: each is
# reported once, at the kernel's use, naming the module and where it was
# looked for. Host code that binds nothing the kernel uses is never an error.
# RUN: not %tritonc %s -I %S/Inputs -o %t.ptx --signature "*fp32" 2>&1 | FileCheck %s
import torch
import triton
import triton.language as tl
import no_such_module
from modpkg import missing_name
from modpkg.core import HOST_TABLE, host_helper, Holder
from .no_such_sibling import nope

DEVICE = torch.device("cuda")
CONFIGS = [triton.Config({"B": b}) for b in (1, 2)]


@triton.jit
def kernel(x_ptr):
    x = tl.load(x_ptr)
    # CHECK: [[@LINE+1]]:9: error: cannot find module `no_such_module`; searched `{{.*}}sema`, `{{.*}}Inputs` [ModuleNotFound]
    a = no_such_module.f(x)
    # CHECK: [[@LINE+1]]:9: error: module `modpkg` (`{{.*}}modpkg{{/|\\}}__init__.py`) defines no `missing_name` that kernels can use; nor is it a submodule of the package [ImportedNameNotFound]
    b = missing_name(x)
    # CHECK: [[@LINE+1]]:9: error: `HOST_TABLE` is bound by a statement at line 6 of `{{.*}}core.py`, host code that tritonc skips; kernels use `@triton.jit` functions, `tl.constexpr` values and literal constants from module scope, or a value given with `--host-value` [HostOnlyName]
    c = HOST_TABLE
    # CHECK: [[@LINE+1]]:9: error: `host_helper` is a plain Python function; kernels can call only `@triton.jit` functions (plain ones on compile-time values alone) [UnsupportedOperation]
    d = host_helper(x)
    # CHECK: [[@LINE+1]]:9: error: `Holder` is bound by a class at line 18 of `{{.*}}core.py`, host code that tritonc skips
    e = Holder
    # CHECK: [[@LINE+1]]:9: error: cannot find module `.no_such_sibling`; searched `{{.*}}sema` (relative to `{{.*}}fail_modules.py`) [ModuleNotFound]
    f = nope(x)
    # CHECK: [[@LINE+1]]:9: error: module-level `DEVICE` must be a compile-time constant; kernels can read literals, `tl.constexpr` values and dtypes from module scope, or a value given with `--host-value DEVICE=...` [NotConstexpr]
    g = DEVICE
    # CHECK: [[@LINE+1]]:9: error: module-level `CONFIGS` must be a compile-time constant; {{.*}}`--host-value CONFIGS=...` [NotConstexpr]
    h = CONFIGS
    tl.store(x_ptr, x)
# CHECK-NOT: error:
