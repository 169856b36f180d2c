# `and`, `or`, `not`, `~` and unary `+`. Compile-time operands fold with
# Python's short-circuit rules (what a deciding operand skips is never
# checked); run-time operands become truth values (`!= 0`) combined with
# `andi` / `ori`, broadcast; `not` is `xori` with true, `~` with all ones.
# RUN: %tritonc %s --signature "*fp32, i32, i32, 1" --emit tir -o - | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, n, m, FLAG: tl.constexpr):
    offs = tl.arange(0, 64)
    x = tl.load(x_ptr + offs)
    tl.static_assert((FLAG and 7) == 7)
    tl.static_assert((0 or FLAG) == 1)
    tl.static_assert(not (False and undefined_name))
    tl.static_assert(FLAG or undefined_name)
    # CHECK: [[NPOS:%[0-9]+]] = cmpi %n, [[ZERO:%[0-9]+]] {predicate = "sgt"} : i1
    # CHECK-NEXT: [[M:%[0-9]+]] = cmpi %m, [[ZERO]] {predicate = "ne"} : i1
    # CHECK-NEXT: [[BOTH:%[0-9]+]] = andi [[NPOS]], [[M]] : i1
    both = n > 0 and m
    # CHECK: [[LT:%[0-9]+]] = cmpi {{.*}} {predicate = "slt"} : tensor<64xi1>
    # CHECK: [[GT:%[0-9]+]] = cmpf {{.*}} {predicate = "ogt"} : tensor<64xi1>
    # CHECK-NEXT: [[EITHER:%[0-9]+]] = ori [[LT]], [[GT]] : tensor<64xi1>
    either = (offs < n) or x > 0
    # A constant that decides nothing is dropped; one that decides is the value.
    dropped = FLAG and n > 0
    decided = n > 0 and False
    tl.static_assert(decided == False)
    # CHECK: [[NZ:%[0-9]+]] = cmpi %n, [[ZERO]] {predicate = "ne"} : i1
    # CHECK-NEXT: [[TRUE:%[0-9]+]] = constant {value = 1} : i1
    # CHECK-NEXT: [[NOT:%[0-9]+]] = xori [[NZ]], [[TRUE]] : i1
    none = not n
    # CHECK: [[ONES:%[0-9]+]] = constant {value = -1} : tensor<64xi32>
    # CHECK-NEXT: [[INV:%[0-9]+]] = xori {{%[0-9]+}}, [[ONES]] : tensor<64xi32>
    inv = ~offs
    pos = +x
    # CHECK: andi [[EITHER]], {{%[0-9]+}} : tensor<64xi1>
    tl.store(x_ptr + offs, tl.where(either & both & dropped & none, pos, inv.to(tl.float32)))
