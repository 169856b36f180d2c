# Indentation whose meaning depends on the tab width.
# RUN: not %tritonc %s --emit ast -o - 2>&1 | FileCheck %s
@triton.jit
def kernel(x_ptr, n, BLOCK: tl.constexpr):
	if n > 0:
# CHECK: [[@LINE+3]]:1: error: indentation mixes tabs and spaces [MixedTabsSpaces]
# CHECK-NEXT: | y = 1
# CHECK-NEXT: | ^~~~~~~~
        y = 1
	z = 2
	return z
def other(x):
    if x:
# CHECK: [[@LINE+3]]:1: error: indentation mixes tabs and spaces [MixedTabsSpaces]
# CHECK-NEXT: | {{.*}}
# CHECK-NEXT: | ^~
		pass
    return x
# CHECK-NOT: error:
