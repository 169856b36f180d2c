# Kernels take @triton.jit helpers and constants from other modules: plain
# and aliased imports, packages re-exporting through `__init__.py`,
# relative imports inside a package, submodules reached as attributes, and
# libdevice functions imported by name. Host code in those modules is
# never analysed. Every file read is listed in the depfile and metadata.
# RUN: %tritonc %s -I %S/Inputs --emit tir -o - --signature "*fp32, i32, 128" | FileCheck %s
# RUN: env TRITONC_PATH=/nonexistent:%S/Inputs %tritonc %s --emit tir -o - --signature "*fp32, i32, 128" | FileCheck %s
# RUN: %tritonc %s -I %S/Inputs -o %t.ptx --depfile %t.d --signature "*fp32, i32, 128"
# RUN: FileCheck --check-prefix=DEPS %s < %t.d
# RUN: FileCheck --check-prefix=META %s < %t.json
import torch
import triton
import triton.language as tl

import plain_helpers
import modpkg
import modpkg.sub.deep as deep_alias
from modpkg import SCALE, twice
from modpkg.sub.deep import scaled
from triton.language.extra import libdevice
from triton.language.extra.libdevice import rsqrt

# DEPS: modules.py{{.*}}.ptx: {{.*}}modules.py {{.*}}Inputs{{/|\\}}plain_helpers.py {{.*}}modpkg{{/|\\}}__init__.py {{.*}}modpkg{{/|\\}}core.py {{.*}}deep.py {{.*}}stdlib{{/|\\}}standard.py
# META: "sources": [
# META-NEXT: modules.py"
# META-NEXT: plain_helpers.py"


@triton.jit
def kernel(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n)
    # CHECK: mulf %[[X:[0-9]+]], %[[X]] : tensor<128xf32>
    y = plain_helpers.square(x)
    # CHECK: mulf {{.*}} : tensor<128xf32>
    y += twice(x) + modpkg.twice(x)
    # CHECK: constant {value = 3.0{{.*}}} : tensor<128xf32>
    y += scaled(x) + deep_alias.scaled(x) * SCALE
    # CHECK: extern_call {{.*}} {symbol = "__nv_rsqrtf"}
    # CHECK: extern_call {{.*}} {symbol = "__nv_expf"}
    # CHECK: extern_call {{.*}} {symbol = "__nv_logf"}
    y += rsqrt(x) + libdevice.exp(x) + tl.extra.cuda.libdevice.log(x)
    tl.store(x_ptr + offs, y, mask=offs < n)
