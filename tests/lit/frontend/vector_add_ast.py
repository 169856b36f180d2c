"""out[i] = x[i] + y[i]: the smallest complete kernel, and the one the
README's command lines and the launcher-header tests use."""
import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, output_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    # Program p covers [p * BLOCK_SIZE, (p + 1) * BLOCK_SIZE); in the last
    # program the lanes at or past n_elements neither read nor write.
    first = tl.program_id(axis=0) * BLOCK_SIZE
    idx = first + tl.arange(0, BLOCK_SIZE)
    live = idx < n_elements
    total = tl.load(x_ptr + idx, mask=live) + tl.load(y_ptr + idx, mask=live)
    tl.store(output_ptr + idx, total, mask=live)

# The vector add of samples/vector_add.py (the same text above), dumped as
# an AST. The checks sit below the code so that its line numbers match the
# sample's; --strict-whitespace makes the indentation part of the check.
# RUN: %tritonc %s --emit ast -o - | FileCheck %s --strict-whitespace --match-full-lines
# CHECK:Expr @1:1
# CHECK-NEXT:  String "out[i] = x[i] + y[i]: the smallest complete kernel, and the one the\nREADME's command lines and the launcher-header tests use." @1:1
# CHECK-NEXT:Import @3:1
# CHECK-NEXT:  Alias triton
# CHECK-NEXT:Import @4:1
# CHECK-NEXT:  Alias triton.language as tl
# CHECK-NEXT:FunctionDef add_kernel @8:1
# CHECK-NEXT:  Decorator
# CHECK-NEXT:    Attribute jit @7:2
# CHECK-NEXT:      Name triton @7:2
# CHECK-NEXT:  Param x_ptr @8:16
# CHECK-NEXT:  Param y_ptr @8:23
# CHECK-NEXT:  Param output_ptr @8:30
# CHECK-NEXT:  Param n_elements @8:42
# CHECK-NEXT:  Param BLOCK_SIZE @8:54
# CHECK-NEXT:    Annotation
# CHECK-NEXT:      Attribute constexpr @8:66
# CHECK-NEXT:        Name tl @8:66
# CHECK-NEXT:  Assign @11:5
# CHECK-NEXT:    Target
# CHECK-NEXT:      Name first @11:5
# CHECK-NEXT:    Binary * @11:13
# CHECK-NEXT:      Call @11:13
# CHECK-NEXT:        Attribute program_id @11:13
# CHECK-NEXT:          Name tl @11:13
# CHECK-NEXT:        Keyword axis @11:27
# CHECK-NEXT:          Int 0 @11:32
# CHECK-NEXT:      Name BLOCK_SIZE @11:37
# CHECK-NEXT:  Assign @12:5
# CHECK-NEXT:    Target
# CHECK-NEXT:      Name idx @12:5
# CHECK-NEXT:    Binary + @12:11
# CHECK-NEXT:      Name first @12:11
# CHECK-NEXT:      Call @12:19
# CHECK-NEXT:        Attribute arange @12:19
# CHECK-NEXT:          Name tl @12:19
# CHECK-NEXT:        Int 0 @12:29
# CHECK-NEXT:        Name BLOCK_SIZE @12:32
# CHECK-NEXT:  Assign @13:5
# CHECK-NEXT:    Target
# CHECK-NEXT:      Name live @13:5
# CHECK-NEXT:    Compare < @13:12
# CHECK-NEXT:      Name idx @13:12
# CHECK-NEXT:      Name n_elements @13:18
# CHECK-NEXT:  Assign @14:5
# CHECK-NEXT:    Target
# CHECK-NEXT:      Name total @14:5
# CHECK-NEXT:    Binary + @14:13
# CHECK-NEXT:      Call @14:13
# CHECK-NEXT:        Attribute load @14:13
# CHECK-NEXT:          Name tl @14:13
# CHECK-NEXT:        Binary + @14:21
# CHECK-NEXT:          Name x_ptr @14:21
# CHECK-NEXT:          Name idx @14:29
# CHECK-NEXT:        Keyword mask @14:34
# CHECK-NEXT:          Name live @14:39
# CHECK-NEXT:      Call @14:47
# CHECK-NEXT:        Attribute load @14:47
# CHECK-NEXT:          Name tl @14:47
# CHECK-NEXT:        Binary + @14:55
# CHECK-NEXT:          Name y_ptr @14:55
# CHECK-NEXT:          Name idx @14:63
# CHECK-NEXT:        Keyword mask @14:68
# CHECK-NEXT:          Name live @14:73
# CHECK-NEXT:  Expr @15:5
# CHECK-NEXT:    Call @15:5
# CHECK-NEXT:      Attribute store @15:5
# CHECK-NEXT:        Name tl @15:5
# CHECK-NEXT:      Binary + @15:14
# CHECK-NEXT:        Name output_ptr @15:14
# CHECK-NEXT:        Name idx @15:27
# CHECK-NEXT:      Name total @15:32
# CHECK-NEXT:      Keyword mask @15:39
# CHECK-NEXT:        Name live @15:44
# CHECK-NOT:{{.+}}
