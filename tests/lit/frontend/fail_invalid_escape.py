# Escapes with missing or bad hex digits.
# RUN: not %tritonc %s --emit ast -o - 2>&1 | FileCheck %s
# CHECK: [[@LINE+3]]:6: error: invalid escape sequence `\x4` in string literal [InvalidEscape]
# CHECK-NEXT: | s = "\x4"
# CHECK-NEXT: | ^~~
s = "\x4"
# CHECK: [[@LINE+3]]:6: error: invalid escape sequence `\u12G4` in string literal [InvalidEscape]
# CHECK-NEXT: | t = "\u12G4"
# CHECK-NEXT: | ^~~~~~
t = "\u12G4"
u = "\d is kept as written"
# CHECK-NOT: error:
