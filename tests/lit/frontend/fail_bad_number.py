# Malformed number literals, one error each.
# RUN: not %tritonc %s --emit ast -o - 2>&1 | FileCheck %s
# CHECK: [[@LINE+3]]:5: error: malformed number literal `0x`; expected digits after the base prefix [BadNumber]
# CHECK-NEXT: | a = 0x
# CHECK-NEXT: | ^~
a = 0x
# CHECK: [[@LINE+3]]:5: error: malformed number literal `0b102`; binary digits are 0 and 1 [BadNumber]
# CHECK-NEXT: | b = 0b102
# CHECK-NEXT: | ^~~~~
b = 0b102
# CHECK: [[@LINE+3]]:5: error: malformed number literal `1__000`; underscores may only separate digits [BadNumber]
# CHECK-NEXT: | c = 1__000
# CHECK-NEXT: | ^~~~~~
c = 1__000
# CHECK: [[@LINE+3]]:5: error: malformed number literal `012`; write octal integers with a `0o` prefix [BadNumber]
# CHECK-NEXT: | d = 012
# CHECK-NEXT: | ^~~
d = 012
# CHECK: [[@LINE+3]]:5: error: malformed number literal `1e+`; the exponent has no digits [BadNumber]
# CHECK-NEXT: | e = 1e+
# CHECK-NEXT: | ^~~
e = 1e+
# CHECK: [[@LINE+3]]:5: error: malformed number literal `123abc` [BadNumber]
# CHECK-NEXT: | f = 123abc
# CHECK-NEXT: | ^~~~~~
f = 123abc
# CHECK: [[@LINE+3]]:5: error: malformed number literal `18446744073709551616`; integers must fit in 64 bits [BadNumber]
# CHECK-NEXT: | g = 18446744073709551616
# CHECK-NEXT: | ^~~~~~~~~~~~~~~~~~~~
g = 18446744073709551616
h = 18446744073709551615
# CHECK: [[@LINE+3]]:5: error: malformed number literal `2j`; complex numbers are not supported [BadNumber]
# CHECK-NEXT: | i = 2j
# CHECK-NEXT: | ^~
i = 2j
# CHECK: [[@LINE+3]]:5: error: malformed number literal `0o8`; octal digits are 0-7 [BadNumber]
# CHECK-NEXT: | j = 0o8
# CHECK-NEXT: | ^~~
j = 0o8
# CHECK-NOT: error:
