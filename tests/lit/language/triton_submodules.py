# triton.language's functions imported from the modules that define them
# (`triton.language.random`, `.standard`, `.core`): FlagGems binds Triton's
# `uint_to_uniform_float` that way, and the drop-in writes such imports for
# helpers a module took from Triton. Each is the tl function: the kernel
# below compiles to the same tile IR as its `tl.` spelling.
# RUN: %tritonc %s --kernel through_submodules --signature "*fp32:16, i32" --emit tir -o %t.sub.tir
# RUN: %tritonc %s --kernel through_tl --signature "*fp32:16, i32" --emit tir -o %t.tl.tir
# RUN: sed 's/through_submodules/K/' %t.sub.tir > %t.a && sed 's/through_tl/K/' %t.tl.tir > %t.b && diff %t.a %t.b
# RUN: FileCheck %s < %t.sub.tir
# CHECK: func @through_submodules
# CHECK: reduce {{.*}}kind = "sum"
import triton
import triton.language as tl
from triton.language import core
from triton.language.random import randint, uint_to_uniform_float
from triton.language.standard import sum as total


@triton.jit
def through_submodules(o_ptr, seed):
    offs = tl.arange(0, 128)
    u = uint_to_uniform_float(randint(seed, offs))
    tl.store(o_ptr + offs, u)
    tl.store(o_ptr, total(u, axis=0).to(core.float32) * tl.random.uint_to_uniform_float(seed).to(tl.core.float32))


@triton.jit
def through_tl(o_ptr, seed):
    offs = tl.arange(0, 128)
    u = tl.uint_to_uniform_float(tl.randint(seed, offs))
    tl.store(o_ptr + offs, u)
    tl.store(o_ptr, tl.sum(u, axis=0).to(tl.float32) * tl.uint_to_uniform_float(seed).to(tl.float32))
