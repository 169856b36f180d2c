# Module-level constants that host Python builds: an inline-asm string
# made with `str.format` in a loop, joined and split, and its constraints
# from a generator, as FLA's softplus writes them. tritonc evaluates them
# as Python would, so the kernel compiles without `--host-value`; the
# asm reaches the PTX once per register.
# REQUIRES: ptxas
# RUN: rm -rf %t && mkdir -p %t
# RUN: %tritonc %s --kernel clamp_rows --signature "*fp32:16, *fp32:16, 256" -o %t/k.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t/k.ptx
# RUN: %tritonc %s --kernel clamp_rows --signature "*fp32:16, *fp32:16, 256" --emit tir -o - | FileCheck %s --check-prefix=TIR
# RUN: %tritonc %s --kernel show_text --signature "*fp32:16" -o %t/s.ptx 2>&1 | FileCheck %s --check-prefix=STRINGS
# STRINGS: {7}-x-7|a-b|a_b|s|0,1,4
# PTX: setp.gt.f32 p, %r{{[0-9]+}}, 30.;
# PTX: @!p mov.f32 %r{{[0-9]+}}, 0f00000000;
# TIR: constraints = "=r,=r,r,r"
# TIR-SAME: pack = 2
import triton
import triton.language as tl


def _clamp_asm(lanes):
    piece = """
        .reg .pred p;
        setp.gt.f32 p, ${src}, 30.;
        @p  mov.f32 ${dst}, ${src};
        @!p mov.f32 ${dst}, 0f00000000;
    """
    text = ""
    for i in range(lanes):
        text += "{" + piece.format(dst=i, src=i + lanes) + "}\n"
    return " ".join(text.split("\n"))


def _constraints(lanes):
    return ",".join("=r" for _ in range(lanes)) + "," + ",".join("r" for _ in range(lanes))


SAMPLE: tl.constexpr = tl.constexpr("{{{0}}}-{name}-{0}".format(7, name="x") + "|" + "-".join(" a  b ".split()) + "|" +
                                  "a.b".replace(".", "_") + "|" + "  s ".strip() + "|" +
                                  ",".join("{}".format(i * i) for i in range(3)))
LANES: tl.constexpr = tl.constexpr(2)
CLAMP: tl.constexpr = tl.constexpr(_clamp_asm(2))
CLAMP_CONSTRAINTS: tl.constexpr = tl.constexpr(_constraints(2))


@triton.jit
def clamp_rows(x_ptr, y_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    y = tl.inline_asm_elementwise(asm=CLAMP, constraints=CLAMP_CONSTRAINTS, pack=LANES, args=[x], dtype=tl.float32,
                                  is_pure=True)
    tl.store(y_ptr + offs, y)


@triton.jit
def show_text(x_ptr):
    tl.static_print(SAMPLE)
    tl.store(x_ptr, 1.0)
