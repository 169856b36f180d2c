import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, output_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    block_start = pid * BLOCK_SIZE
    offsets = block_start + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    output = x + y
    tl.store(output_ptr + offsets, output, mask=mask)

# The Triton tutorial vector add kernel (samples/vector_add.py), dumped as an
# AST. The checks sit below the code so that its line numbers match the
# sample's; --strict-whitespace makes the indentation part of the check.
# RUN: %tritonc %s --emit ast -o - | FileCheck %s --strict-whitespace --match-full-lines
# CHECK:Import @1:1
# CHECK-NEXT:  Alias triton
# CHECK-NEXT:Import @2:1
# CHECK-NEXT:  Alias triton.language as tl
# CHECK-NEXT:FunctionDef add_kernel @6:1
# CHECK-NEXT:  Decorator
# CHECK-NEXT:    Attribute jit @5:2
# CHECK-NEXT:      Name triton @5:2
# CHECK-NEXT:  Param x_ptr @6:16
# CHECK-NEXT:  Param y_ptr @6:23
# CHECK-NEXT:  Param output_ptr @6:30
# CHECK-NEXT:  Param n_elements @6:42
# CHECK-NEXT:  Param BLOCK_SIZE @6:54
# CHECK-NEXT:    Annotation
# CHECK-NEXT:      Attribute constexpr @6:66
# CHECK-NEXT:        Name tl @6:66
# CHECK-NEXT:  Assign @7:5
# CHECK-NEXT:    Target
# CHECK-NEXT:      Name pid @7:5
# CHECK-NEXT:    Call @7:11
# CHECK-NEXT:      Attribute program_id @7:11
# CHECK-NEXT:        Name tl @7:11
# CHECK-NEXT:      Keyword axis @7:25
# CHECK-NEXT:        Int 0 @7:30
# CHECK-NEXT:  Assign @8:5
# CHECK-NEXT:    Target
# CHECK-NEXT:      Name block_start @8:5
# CHECK-NEXT:    Binary * @8:19
# CHECK-NEXT:      Name pid @8:19
# CHECK-NEXT:      Name BLOCK_SIZE @8:25
# CHECK-NEXT:  Assign @9:5
# CHECK-NEXT:    Target
# CHECK-NEXT:      Name offsets @9:5
# CHECK-NEXT:    Binary + @9:15
# CHECK-NEXT:      Name block_start @9:15
# CHECK-NEXT:      Call @9:29
# CHECK-NEXT:        Attribute arange @9:29
# CHECK-NEXT:          Name tl @9:29
# CHECK-NEXT:        Int 0 @9:39
# CHECK-NEXT:        Name BLOCK_SIZE @9:42
# CHECK-NEXT:  Assign @10:5
# CHECK-NEXT:    Target
# CHECK-NEXT:      Name mask @10:5
# CHECK-NEXT:    Compare < @10:12
# CHECK-NEXT:      Name offsets @10:12
# CHECK-NEXT:      Name n_elements @10:22
# CHECK-NEXT:  Assign @11:5
# CHECK-NEXT:    Target
# CHECK-NEXT:      Name x @11:5
# CHECK-NEXT:    Call @11:9
# CHECK-NEXT:      Attribute load @11:9
# CHECK-NEXT:        Name tl @11:9
# CHECK-NEXT:      Binary + @11:17
# CHECK-NEXT:        Name x_ptr @11:17
# CHECK-NEXT:        Name offsets @11:25
# CHECK-NEXT:      Keyword mask @11:34
# CHECK-NEXT:        Name mask @11:39
# CHECK-NEXT:  Assign @12:5
# CHECK-NEXT:    Target
# CHECK-NEXT:      Name y @12:5
# CHECK-NEXT:    Call @12:9
# CHECK-NEXT:      Attribute load @12:9
# CHECK-NEXT:        Name tl @12:9
# CHECK-NEXT:      Binary + @12:17
# CHECK-NEXT:        Name y_ptr @12:17
# CHECK-NEXT:        Name offsets @12:25
# CHECK-NEXT:      Keyword mask @12:34
# CHECK-NEXT:        Name mask @12:39
# CHECK-NEXT:  Assign @13:5
# CHECK-NEXT:    Target
# CHECK-NEXT:      Name output @13:5
# CHECK-NEXT:    Binary + @13:14
# CHECK-NEXT:      Name x @13:14
# CHECK-NEXT:      Name y @13:18
# CHECK-NEXT:  Expr @14:5
# CHECK-NEXT:    Call @14:5
# CHECK-NEXT:      Attribute store @14:5
# CHECK-NEXT:        Name tl @14:5
# CHECK-NEXT:      Binary + @14:14
# CHECK-NEXT:        Name output_ptr @14:14
# CHECK-NEXT:        Name offsets @14:27
# CHECK-NEXT:      Name output @14:36
# CHECK-NEXT:      Keyword mask @14:44
# CHECK-NEXT:        Name mask @14:49
# CHECK-NOT:{{.+}}
