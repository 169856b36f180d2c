# A byte that is not UTF-8, in code, in a string and in a comment: one
# error each.
# RUN: not %tritonc %s --emit ast -o - 2>&1 | FileCheck %s
import triton
# CHECK: [[@LINE+3]]:5: error: invalid UTF-8 byte 0xff in source [InvalidUtf8]
# CHECK-NEXT: | x = ?
# CHECK-NEXT: | ^
x = ÿ
# CHECK: [[@LINE+3]]:9: error: invalid UTF-8 byte 0xe9 in source [InvalidUtf8]
# CHECK-NEXT: | s = "caf?"
# CHECK-NEXT: | ^
s = "café"
# CHECK: [[@LINE+3]]:11: error: invalid UTF-8 byte 0xc3 in source [InvalidUtf8]
# CHECK-NEXT: | # comment ?(
# CHECK-NEXT: | ^
# comment Ã(
y = 1
# CHECK-NOT: error:
