import triton.language as tl
from triton.language.extra import libdevice as ld, cuda
from . import helpers


@triton.autotune(configs=[triton.Config({"BLOCK": 128}, num_warps=4)], key=["n"])
@triton.heuristics({"EVEN": lambda args: args["n"] % args["BLOCK"] == 0})
@triton.jit(do_not_specialize=["n"])
def kernel(x_ptr, n, BLOCK: tl.constexpr = 64, EVEN: tl.constexpr = False) -> None:
    """Docstring."""
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    row = offs[:, None] * n + offs[None, :]
    x = -offs ** 2 + ~pid % 3 // 2 << 1 | 4 & 5 ^ 6
    y = x if EVEN else 0.5
    ok = 0 <= offs < n and not EVEN or n is not None
    a, b = b, a
    p = q = 1.5e-3
    x += 1; x **= 2; x >>= 1
    ACC: tl.constexpr = 0x1F
    s = x[1:3] + x[::2] + x[:n, 1::2]
    msg = "a\tb" 'c' r"\d"
    if pid == 0:
        pass
    elif pid in (1, 2):
        return
    else:
        x = ()
    for i in range(0, n, BLOCK):
        if i > 10: break
        continue
    for i, j in zip(a, b):
        pass
    while n > 0:
        n -= 1
    assert n >= 0, "negative"
    tl.store(x_ptr + offs, x, mask=offs < n)
    return x, y

# Every accepted construct, dumped as an AST: decorators with dict and lambda
# arguments, precedence, chained comparisons, slices, statements.
# RUN: %tritonc %s --emit ast -o - | FileCheck %s --strict-whitespace --match-full-lines
# CHECK:Import @1:1
# CHECK-NEXT:  Alias triton.language as tl
# CHECK-NEXT:ImportFrom triton.language.extra @2:1
# CHECK-NEXT:  Alias libdevice as ld
# CHECK-NEXT:  Alias cuda
# CHECK-NEXT:ImportFrom . @3:1
# CHECK-NEXT:  Alias helpers
# CHECK-NEXT:FunctionDef kernel @9:1
# CHECK-NEXT:  Decorator
# CHECK-NEXT:    Call @6:2
# CHECK-NEXT:      Attribute autotune @6:2
# CHECK-NEXT:        Name triton @6:2
# CHECK-NEXT:      Keyword configs @6:18
# CHECK-NEXT:        List @6:26
# CHECK-NEXT:          Call @6:27
# CHECK-NEXT:            Attribute Config @6:27
# CHECK-NEXT:              Name triton @6:27
# CHECK-NEXT:            Dict @6:41
# CHECK-NEXT:              Key
# CHECK-NEXT:                String "BLOCK" @6:42
# CHECK-NEXT:              Value
# CHECK-NEXT:                Int 128 @6:51
# CHECK-NEXT:            Keyword num_warps @6:57
# CHECK-NEXT:              Int 4 @6:67
# CHECK-NEXT:      Keyword key @6:72
# CHECK-NEXT:        List @6:76
# CHECK-NEXT:          String "n" @6:77
# CHECK-NEXT:  Decorator
# CHECK-NEXT:    Call @7:2
# CHECK-NEXT:      Attribute heuristics @7:2
# CHECK-NEXT:        Name triton @7:2
# CHECK-NEXT:      Dict @7:20
# CHECK-NEXT:        Key
# CHECK-NEXT:          String "EVEN" @7:21
# CHECK-NEXT:        Value
# CHECK-NEXT:          Lambda @7:29
# CHECK-NEXT:            Param args @7:36
# CHECK-NEXT:            Compare == @7:42
# CHECK-NEXT:              Binary % @7:42
# CHECK-NEXT:                Subscript @7:42
# CHECK-NEXT:                  Name args @7:42
# CHECK-NEXT:                  String "n" @7:47
# CHECK-NEXT:                Subscript @7:54
# CHECK-NEXT:                  Name args @7:54
# CHECK-NEXT:                  String "BLOCK" @7:59
# CHECK-NEXT:              Int 0 @7:71
# CHECK-NEXT:  Decorator
# CHECK-NEXT:    Call @8:2
# CHECK-NEXT:      Attribute jit @8:2
# CHECK-NEXT:        Name triton @8:2
# CHECK-NEXT:      Keyword do_not_specialize @8:13
# CHECK-NEXT:        List @8:31
# CHECK-NEXT:          String "n" @8:32
# CHECK-NEXT:  Param x_ptr @9:12
# CHECK-NEXT:  Param n @9:19
# CHECK-NEXT:  Param BLOCK @9:22
# CHECK-NEXT:    Annotation
# CHECK-NEXT:      Attribute constexpr @9:29
# CHECK-NEXT:        Name tl @9:29
# CHECK-NEXT:    Default
# CHECK-NEXT:      Int 64 @9:44
# CHECK-NEXT:  Param EVEN @9:48
# CHECK-NEXT:    Annotation
# CHECK-NEXT:      Attribute constexpr @9:54
# CHECK-NEXT:        Name tl @9:54
# CHECK-NEXT:    Default
# CHECK-NEXT:      Bool False @9:69
# CHECK-NEXT:  Returns
# CHECK-NEXT:    None @9:79
# CHECK-NEXT:  Expr @10:5
# CHECK-NEXT:    String "Docstring." @10:5
# CHECK-NEXT:  Assign @11:5
# CHECK-NEXT:    Target
# CHECK-NEXT:      Name pid @11:5
# CHECK-NEXT:    Call @11:11
# CHECK-NEXT:      Attribute program_id @11:11
# CHECK-NEXT:        Name tl @11:11
# CHECK-NEXT:      Int 0 @11:25
# CHECK-NEXT:  Assign @12:5
# CHECK-NEXT:    Target
# CHECK-NEXT:      Name offs @12:5
# CHECK-NEXT:    Binary + @12:12
# CHECK-NEXT:      Binary * @12:12
# CHECK-NEXT:        Name pid @12:12
# CHECK-NEXT:        Name BLOCK @12:18
# CHECK-NEXT:      Call @12:26
# CHECK-NEXT:        Attribute arange @12:26
# CHECK-NEXT:          Name tl @12:26
# CHECK-NEXT:        Int 0 @12:36
# CHECK-NEXT:        Name BLOCK @12:39
# CHECK-NEXT:  Assign @13:5
# CHECK-NEXT:    Target
# CHECK-NEXT:      Name row @13:5
# CHECK-NEXT:    Binary + @13:11
# CHECK-NEXT:      Binary * @13:11
# CHECK-NEXT:        Subscript @13:11
# CHECK-NEXT:          Name offs @13:11
# CHECK-NEXT:          Slice @13:16
# CHECK-NEXT:          None @13:19
# CHECK-NEXT:        Name n @13:27
# CHECK-NEXT:      Subscript @13:31
# CHECK-NEXT:        Name offs @13:31
# CHECK-NEXT:        None @13:36
# CHECK-NEXT:        Slice @13:42
# CHECK-NEXT:  Assign @14:5
# CHECK-NEXT:    Target
# CHECK-NEXT:      Name x @14:5
# CHECK-NEXT:    Binary | @14:9
# CHECK-NEXT:      Binary << @14:9
# CHECK-NEXT:        Binary + @14:9
# CHECK-NEXT:          Unary - @14:9
# CHECK-NEXT:            Binary ** @14:10
# CHECK-NEXT:              Name offs @14:10
# CHECK-NEXT:              Int 2 @14:18
# CHECK-NEXT:          Binary // @14:22
# CHECK-NEXT:            Binary % @14:22
# CHECK-NEXT:              Unary ~ @14:22
# CHECK-NEXT:                Name pid @14:23
# CHECK-NEXT:              Int 3 @14:29
# CHECK-NEXT:            Int 2 @14:34
# CHECK-NEXT:        Int 1 @14:39
# CHECK-NEXT:      Binary ^ @14:43
# CHECK-NEXT:        Binary & @14:43
# CHECK-NEXT:          Int 4 @14:43
# CHECK-NEXT:          Int 5 @14:47
# CHECK-NEXT:        Int 6 @14:51
# CHECK-NEXT:  Assign @15:5
# CHECK-NEXT:    Target
# CHECK-NEXT:      Name y @15:5
# CHECK-NEXT:    IfExp @15:9
# CHECK-NEXT:      Test
# CHECK-NEXT:        Name EVEN @15:14
# CHECK-NEXT:      Then
# CHECK-NEXT:        Name x @15:9
# CHECK-NEXT:      Else
# CHECK-NEXT:        Float 0.5 @15:24
# CHECK-NEXT:  Assign @16:5
# CHECK-NEXT:    Target
# CHECK-NEXT:      Name ok @16:5
# CHECK-NEXT:    BoolOp or @16:10
# CHECK-NEXT:      BoolOp and @16:10
# CHECK-NEXT:        Compare <=, < @16:10
# CHECK-NEXT:          Int 0 @16:10
# CHECK-NEXT:          Name offs @16:15
# CHECK-NEXT:          Name n @16:22
# CHECK-NEXT:        Unary not @16:28
# CHECK-NEXT:          Name EVEN @16:32
# CHECK-NEXT:      Compare is not @16:40
# CHECK-NEXT:        Name n @16:40
# CHECK-NEXT:        None @16:49
# CHECK-NEXT:  Assign @17:5
# CHECK-NEXT:    Target
# CHECK-NEXT:      Tuple @17:5
# CHECK-NEXT:        Name a @17:5
# CHECK-NEXT:        Name b @17:8
# CHECK-NEXT:    Tuple @17:12
# CHECK-NEXT:      Name b @17:12
# CHECK-NEXT:      Name a @17:15
# CHECK-NEXT:  Assign @18:5
# CHECK-NEXT:    Target
# CHECK-NEXT:      Name p @18:5
# CHECK-NEXT:    Target
# CHECK-NEXT:      Name q @18:9
# CHECK-NEXT:    Float 0.0015 @18:13
# CHECK-NEXT:  AugAssign += @19:5
# CHECK-NEXT:    Target
# CHECK-NEXT:      Name x @19:5
# CHECK-NEXT:    Int 1 @19:10
# CHECK-NEXT:  AugAssign **= @19:13
# CHECK-NEXT:    Target
# CHECK-NEXT:      Name x @19:13
# CHECK-NEXT:    Int 2 @19:19
# CHECK-NEXT:  AugAssign >>= @19:22
# CHECK-NEXT:    Target
# CHECK-NEXT:      Name x @19:22
# CHECK-NEXT:    Int 1 @19:28
# CHECK-NEXT:  AnnAssign @20:5
# CHECK-NEXT:    Target
# CHECK-NEXT:      Name ACC @20:5
# CHECK-NEXT:    Annotation
# CHECK-NEXT:      Attribute constexpr @20:10
# CHECK-NEXT:        Name tl @20:10
# CHECK-NEXT:    Int 31 @20:25
# CHECK-NEXT:  Assign @21:5
# CHECK-NEXT:    Target
# CHECK-NEXT:      Name s @21:5
# CHECK-NEXT:    Binary + @21:9
# CHECK-NEXT:      Binary + @21:9
# CHECK-NEXT:        Subscript @21:9
# CHECK-NEXT:          Name x @21:9
# CHECK-NEXT:          Slice @21:11
# CHECK-NEXT:            Lower
# CHECK-NEXT:              Int 1 @21:11
# CHECK-NEXT:            Upper
# CHECK-NEXT:              Int 3 @21:13
# CHECK-NEXT:        Subscript @21:18
# CHECK-NEXT:          Name x @21:18
# CHECK-NEXT:          Slice @21:20
# CHECK-NEXT:            Step
# CHECK-NEXT:              Int 2 @21:22
# CHECK-NEXT:      Subscript @21:27
# CHECK-NEXT:        Name x @21:27
# CHECK-NEXT:        Slice @21:29
# CHECK-NEXT:          Upper
# CHECK-NEXT:            Name n @21:30
# CHECK-NEXT:        Slice @21:33
# CHECK-NEXT:          Lower
# CHECK-NEXT:            Int 1 @21:33
# CHECK-NEXT:          Step
# CHECK-NEXT:            Int 2 @21:36
# CHECK-NEXT:  Assign @22:5
# CHECK-NEXT:    Target
# CHECK-NEXT:      Name msg @22:5
# CHECK-NEXT:    String "a\tbc\\d" @22:11
# CHECK-NEXT:  If @23:5
# CHECK-NEXT:    Compare == @23:8
# CHECK-NEXT:      Name pid @23:8
# CHECK-NEXT:      Int 0 @23:15
# CHECK-NEXT:    Pass @24:9
# CHECK-NEXT:    Else
# CHECK-NEXT:      If @25:5
# CHECK-NEXT:        Compare in @25:10
# CHECK-NEXT:          Name pid @25:10
# CHECK-NEXT:          Tuple @25:17
# CHECK-NEXT:            Int 1 @25:18
# CHECK-NEXT:            Int 2 @25:21
# CHECK-NEXT:        Return @26:9
# CHECK-NEXT:        Else
# CHECK-NEXT:          Assign @28:9
# CHECK-NEXT:            Target
# CHECK-NEXT:              Name x @28:9
# CHECK-NEXT:            Tuple @28:13
# CHECK-NEXT:  For @29:5
# CHECK-NEXT:    Target
# CHECK-NEXT:      Name i @29:9
# CHECK-NEXT:    Iter
# CHECK-NEXT:      Call @29:14
# CHECK-NEXT:        Name range @29:14
# CHECK-NEXT:        Int 0 @29:20
# CHECK-NEXT:        Name n @29:23
# CHECK-NEXT:        Name BLOCK @29:26
# CHECK-NEXT:    If @30:9
# CHECK-NEXT:      Compare > @30:12
# CHECK-NEXT:        Name i @30:12
# CHECK-NEXT:        Int 10 @30:16
# CHECK-NEXT:      Break @30:20
# CHECK-NEXT:    Continue @31:9
# CHECK-NEXT:  For @32:5
# CHECK-NEXT:    Target
# CHECK-NEXT:      Tuple @32:9
# CHECK-NEXT:        Name i @32:9
# CHECK-NEXT:        Name j @32:12
# CHECK-NEXT:    Iter
# CHECK-NEXT:      Call @32:17
# CHECK-NEXT:        Name zip @32:17
# CHECK-NEXT:        Name a @32:21
# CHECK-NEXT:        Name b @32:24
# CHECK-NEXT:    Pass @33:9
# CHECK-NEXT:  While @34:5
# CHECK-NEXT:    Compare > @34:11
# CHECK-NEXT:      Name n @34:11
# CHECK-NEXT:      Int 0 @34:15
# CHECK-NEXT:    AugAssign -= @35:9
# CHECK-NEXT:      Target
# CHECK-NEXT:        Name n @35:9
# CHECK-NEXT:      Int 1 @35:14
# CHECK-NEXT:  Assert @36:5
# CHECK-NEXT:    Compare >= @36:12
# CHECK-NEXT:      Name n @36:12
# CHECK-NEXT:      Int 0 @36:17
# CHECK-NEXT:    Message
# CHECK-NEXT:      String "negative" @36:20
# CHECK-NEXT:  Expr @37:5
# CHECK-NEXT:    Call @37:5
# CHECK-NEXT:      Attribute store @37:5
# CHECK-NEXT:        Name tl @37:5
# CHECK-NEXT:      Binary + @37:14
# CHECK-NEXT:        Name x_ptr @37:14
# CHECK-NEXT:        Name offs @37:22
# CHECK-NEXT:      Name x @37:28
# CHECK-NEXT:      Keyword mask @37:31
# CHECK-NEXT:        Compare < @37:36
# CHECK-NEXT:          Name offs @37:36
# CHECK-NEXT:          Name n @37:43
# CHECK-NEXT:  Return @38:5
# CHECK-NEXT:    Tuple @38:12
# CHECK-NEXT:      Name x @38:12
# CHECK-NEXT:      Name y @38:15
# CHECK-NOT:{{.+}}
