#!/usr/bin/env python3
"""Random valid Triton kernels for differential testing (issue 29).

    gen.py --seed S [--count N] --out DIR     # DIR/dt_<seed>.py for seeds S..S+N-1

Each file holds one `@triton.jit` kernel and one `# CASE` line in the format
of tests/gpu/lang/cases.py, so the same file runs under Triton and tritonc
(tests/gpu/lang/langcheck.py) and under `tritonc run` (check.py). A seed
always gives the same program.

Programs are valid by construction: the generator tracks every value's
Triton dtype (semantic.py's promotion rules, scalar operands included) and
shape, and writes only operations Triton accepts and defines on every
input: divisors are made nonzero (and not -1 for signed ones), shift
amounts are masked below the width, floats are clamped into range before
converting to integers, and integer add/sub/mul wrap as Triton's LLVM IR
does. Values whose float result depends on evaluation order (sums, scans,
dots, contended atomics) or on the accuracy of an approximate function
carry a tolerance; they never feed a comparison, a cast to an integer or a
divisor, so that one ULP cannot turn into a different integer, and the
buffer they reach is compared within that tolerance (the case's `tols`).
Float values sometimes pass through an fp8 format and back (such cases
name sm_90a, fp8 needing sm_89+) or through a helper written for one
element under `tl.map_elementwise`; both draw from random streams of their
own, so a seed's program is otherwise what it was before they existed.
About half the block-pointer tile accesses whose rows are whole 16-byte
units go through a device-side tensor descriptor instead (rows padded to
16 bytes, as descriptors need), drawn from a stream of their own too.
"""
import argparse
import json
import os
import random


class DType:
    def __init__(self, code, name, kind, bits):
        self.code, self.name, self.kind, self.bits = code, name, kind, bits

    @property
    def tl(self):
        return "tl." + self.name

    @property
    def is_float(self):
        return self.kind == "f"

    @property
    def is_int(self):
        return self.kind in "biu"

    @property
    def signed(self):  # int1 is unsigned in Triton
        return self.kind == "i"

    def int_range(self):
        if self.kind == "b":
            return 0, 1
        if self.kind == "u":
            return 0, 2 ** self.bits - 1
        return -2 ** (self.bits - 1), 2 ** (self.bits - 1) - 1

    def __repr__(self):
        return self.code


DTYPES = {d.code: d for d in [
    DType("i1", "int1", "b", 1), DType("i8", "int8", "i", 8), DType("i16", "int16", "i", 16),
    DType("i32", "int32", "i", 32), DType("i64", "int64", "i", 64), DType("u8", "uint8", "u", 8),
    DType("u16", "uint16", "u", 16), DType("u32", "uint32", "u", 32), DType("u64", "uint64", "u", 64),
    DType("fp16", "float16", "f", 16), DType("bf16", "bfloat16", "f", 16), DType("fp32", "float32", "f", 32),
    DType("fp64", "float64", "f", 64)]}
D = DTYPES
# The dtypes a program's buffers start in; fp64 appears only where promotion makes it.
BASE = ["i1", "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "fp16", "bf16", "fp32"]
# dtype.kind(): signed and unsigned integers are one kind.
KIND_ORDER = {"b": 0, "u": 1, "i": 1, "f": 2}
# Relative tolerance (langcheck: |a-b| <= tol*(1+|b|)) for a value whose
# rounding depends on evaluation order, by the dtype it is held in.
ORDER_TOL = {"fp16": 2e-2, "bf16": 1e-1, "fp32": 1e-4, "fp64": 1e-4}
# Quotients: fp32 division is approximate (div.full); narrower types divide
# in fp32 and round once more.
DIV_TOL = {"fp32": 1e-6, "fp16": 1e-3, "bf16": 8e-3}


def integer_promote(a, b):
    if a.signed == b.signed:
        return a if a.bits > b.bits else b
    if not a.signed:
        return a if a.bits >= b.bits else b
    return b if b.bits >= a.bits else a


def computation_type(a, a_scalar, b, b_scalar, div_or_mod=False):
    """semantic.computation_type_impl; raises TypeError where Triton does."""
    if a_scalar != b_scalar:
        s, t = (a, b) if a_scalar else (b, a)
        if KIND_ORDER[s.kind] <= KIND_ORDER[t.kind]:
            if div_or_mod and t.code in ("fp16", "bf16"):
                return D["fp32"]
            return t
    codes = (a.code, b.code)
    if "fp64" in codes:
        return D["fp64"]
    if "fp32" in codes:
        return D["fp32"]
    if "fp16" in codes:
        return D["fp32"] if div_or_mod else D["fp16"]
    if codes == ("bf16", "bf16"):
        return D["fp32"] if div_or_mod else D["bf16"]
    if "bf16" in codes:
        return D["fp32"]
    if div_or_mod and a.signed != b.signed:
        raise TypeError("mixed signedness")
    return integer_promote(a, b)


def fp32_below(limit):
    """The largest fp32 value strictly below the power of two `limit` (exact in Python floats)."""
    bits = limit.bit_length() - 1
    return float(limit - 2 ** max(0, bits - 24)) if bits > 24 else float(limit - 1)


class Value:
    def __init__(self, name, dt, shape, tol=0.0):
        self.name, self.dt, self.shape, self.tol = name, dt, shape, tol
        # An integer negation: its extrema meet ptxas's dropped negations
        # (Triton's PTX is then wrong), which --avoid-known stays clear of.
        self.negated_int = False


# Shapes: T = [BM, BN], R = [BM] (rows), C = [BN] (columns), S = scalar.
def reduction_axis(rng, shape):
    """A random axis to reduce a value of `shape` along (None: all of it),
    and the shape that leaves."""
    if shape == "T":
        axis = rng.choice([0, 1, None])
        return axis, {0: "C", 1: "R", None: "S"}[axis]
    return rng.choice([0, None]), "S"


def extremum_type(dt):
    """What tl.max/tl.min give: Triton takes bf16 and narrower types to 32 bits first."""
    if dt.code == "bf16" or dt.bits < 32:
        return D["fp32"] if dt.is_float else D["i32"]
    return dt


def join(a, b):
    if a == b:
        return a
    if "S" in (a, b):
        return b if a == "S" else a
    return "T"


def fits(small, big):
    return small == big or small == "S" or big == "T"


def view(v, shape):
    """v's text, indexed so that it broadcasts in an expression of `shape`."""
    if shape == "T" and v.shape == "R":
        return f"{v.name}[:, None]"
    if shape == "T" and v.shape == "C":
        return f"{v.name}[None, :]"
    return v.name


class Program:
    def __init__(self, seed, avoid_known=False):
        self.seed = seed
        self.avoid_known = avoid_known
        self.r = random.Random(seed)
        # fp8 hops draw from a stream of their own, so that adding them left
        # every seed's program otherwise as it was.
        self.fp8 = random.Random(seed * 7919 + 17)
        self.uses_fp8 = False
        # So do elementwise-mapped helpers (`tl.map_elementwise`).
        self.mapping = random.Random(seed * 104729 + 3)
        # And the later additions (`tl.sort`, helpers returning tuples,
        # `tl.static_range`), drawn after the main program.
        self.extra = random.Random(seed * 15485863 + 11)
        # And which block-pointer accesses go through a tensor descriptor.
        self.descriptors = random.Random(seed * 7919 + 5)
        # And tiles reshaped, permuted, split and interleaved back to [BM, BN].
        self.shapes = random.Random(seed * 2750159 + 7)
        self.helpers = []
        r = self.r
        self.has_dot = r.random() < 0.25
        sizes = [16, 32, 64] if self.has_dot else [1, 2, 4, 8, 16, 32, 64, 128]
        while True:
            self.BM, self.BN = r.choice(sizes), r.choice(sizes)
            if self.BM * self.BN <= 2048:
                break
        self.M = r.randint(1, self.BM * 3)
        self.N = r.randint(1, self.BN * 2)
        self.grid = [-(-self.M // self.BM), -(-self.N // self.BN)]
        self.programs = self.grid[0] * self.grid[1]
        self.lines = []
        self.indent = 1
        self.inputs, self.outputs, self.scalars = [], [], []
        self.tols = {}
        # Outputs stored through a tensor descriptor: {buffer: [N, row
        # stride]}. TMA stores move whole 16-byte units, so on sm_90 Triton
        # may write a row's padding past N (triton-lang/triton#11583); the
        # columns N..stride-1 are not compared.
        self.row_slack = {}
        self.pool = []
        self.count = 0
        self.returned = False

    # -- bookkeeping ------------------------------------------------------
    def fresh(self, prefix="v"):
        self.count += 1
        return f"{prefix}{self.count}"

    def emit(self, text):
        self.lines.append("    " * self.indent + text)

    def define(self, expr, dt, shape, tol=0.0, pool=None):
        name = self.fresh()
        self.emit(f"{name} = {expr}")
        v = Value(name, dt, shape, tol)
        (self.pool if pool is None else pool).append(v)
        return v

    def pick(self, ok=lambda v: True, pool=None):
        cands = [v for v in (self.pool if pool is None else pool) if ok(v)]
        if not cands:
            return None
        # Recent values more often, so that chains grow deep.
        return cands[min(len(cands) - 1, int(len(cands) * (1 - self.r.random() ** 2)))]

    def buffer_size(self, shape):
        return {"T": self.M * self.N, "R": self.M * self.grid[1], "C": self.N * self.grid[0],
                "S": self.programs}[shape]

    def index(self, shape, transposed=False):
        """Pointer offsets and mask of a tile of `shape` that no two programs share."""
        if shape == "T":
            return ("offs_t" if transposed else "offs"), "mask"
        if shape == "R":
            return "pid_n * M + rows", "rmask"
        if shape == "C":
            return "pid_m * N + cols", "cmask"
        return "pid", None

    def init_for(self, dt):
        r = self.r
        if dt.kind == "b":
            return "int:0:2"
        if dt.is_int:
            return r.choice(["bits", "int", "int:-4:4", "int:0:300"])
        return r.choice(["randn", "randn", "randn:100", "special", "int:-4:4"])

    def const_for(self, dt, allow_negative=True):
        r = self.r
        if dt.is_float:
            return r.choice(["0.0", "1.0", "-2.5", "0.5", "3.0", "1e-3", "-7.0", "100.0"])
        if dt.kind == "b":
            return r.choice(["True", "False"])
        lo, hi = dt.int_range()
        c = r.choice([0, 1, 2, 3, 5, 7, -1, -3, 100, 127, -128, 255, 1000, 30000])
        if not allow_negative:
            c = abs(c)
        return str(c if lo <= c <= hi else r.choice([0, 1, 2, 3]))

    # -- sources ----------------------------------------------------------
    def load(self, shape=None, dt=None):
        r = self.r
        shape = shape or r.choice("TTTRCS")
        dt = dt or D[r.choice(BASE)]
        name = f"x{len(self.inputs)}_ptr"
        self.inputs.append([name, "*" + dt.code, self.buffer_size(shape), self.init_for(dt)])
        if shape == "T" and r.random() < 0.15:
            if self.use_descriptor(dt):
                # The same tile through a tensor descriptor: zeros past the edges too.
                self.inputs[-1][2] = self.M * self.padded_row(dt)
                desc = self.descriptor(name, dt)
                return self.define(f"{desc}.load([pid_m * BM, pid_n * BN])", dt, shape)
            # A block pointer over the [M, N] buffer, bounds checked: zeros past the edges.
            loaded = f"tl.load({self.block_pointer(name)}, boundary_check=(0, 1), padding_option=\"zero\")"
            # Triton's block pointers over bool memory address its bytes: int8.
            return self.define(f"({loaded} != 0)" if dt.code == "i1" else loaded, dt, shape)
        offs, mask = self.index(shape, transposed=shape == "T" and r.random() < 0.2)
        if mask is None:
            loaded = f"tl.load({name} + {offs})"
        else:
            other = ""
            if r.random() < 0.8:
                other = f", other={self.const_for(dt, allow_negative=dt.signed or dt.is_float)}"
            loaded = f"tl.load({name} + {offs}, mask={mask}{other})"
        loaded = self.fp8_hop(loaded, dt) or loaded
        # Triton maps block tensors only (a scalar has no shape to map over).
        mapped = self.mapped(loaded, dt) if shape != "S" else None
        return self.define(mapped or loaded, dt, shape)

    def use_descriptor(self, dt):
        """Whether a block-pointer access of `dt` goes through a tensor
        descriptor instead: not bool memory, and a tile row a whole number of
        16-byte units (a TMA box's inner extent)."""
        return dt.code != "i1" and self.BN * dt.bits % 128 == 0 and self.descriptors.random() < 0.5

    def padded_row(self, dt):
        """N rounded up to 16 bytes: a descriptor's row stride must be a multiple of 16 bytes."""
        unit = 128 // dt.bits
        return -(-self.N // unit) * unit

    def descriptor(self, name, dt):
        """A tensor descriptor of the [M, N] buffer `name`, rows padded to 16 bytes, named in the program."""
        desc = self.fresh()
        self.emit(f"{desc} = tl.make_tensor_descriptor({name}, shape=[M, N], strides=[{self.padded_row(dt)}, 1], "
                  f"block_shape=[BM, BN])")
        return desc

    def block_pointer(self, name):
        """The program's [BM, BN] tile of an [M, N] row-major buffer."""
        return (f"tl.make_block_ptr({name}, shape=(M, N), strides=(N, 1), offsets=(pid_m * BM, pid_n * BN), "
                f"block_shape=(BM, BN), order=(1, 0))")

    # -- elementwise --------------------------------------------------------
    def operand(self, ok, shape_ok=lambda s: True):
        return self.pick(lambda v: ok(v) and shape_ok(v.shape))

    def binary(self):
        r = self.r
        kind = r.choice(["arith"] * 4 + ["cmp"] * 2 + ["bit", "shift", "div", "mod", "truediv", "minmax"])
        exact = lambda v: v.tol == 0
        if kind in ("arith", "minmax"):
            a = self.operand(lambda v: v.dt.kind != "b")
        elif kind in ("cmp", "truediv", "div", "mod"):
            # `//` is for integers only; `%` also takes floats (fmod).
            a = self.operand(lambda v: exact(v) and (v.dt.kind != "b" or kind == "cmp") and
                             (v.dt.is_int or kind != "div"))
        else:
            a = self.operand(lambda v: v.dt.is_int and (kind != "shift" or v.dt.kind != "b"))
        if a is None:
            return self.load()
        if kind == "shift":
            return self.shift(a)
        if kind in ("div", "mod") and a.dt.is_int:
            return self.int_divmod(a, "//" if kind == "div" else "%")
        use_const = r.random() < 0.3
        if use_const:
            b = self.constant(a.dt, kind)
        else:
            if kind in ("arith", "minmax"):
                b = self.operand(lambda v: v.dt.kind != "b")
            elif kind in ("cmp", "truediv", "mod"):
                b = self.operand(lambda v: exact(v) and (v.dt.kind != "b" or kind == "cmp"))
            else:
                b = self.operand(lambda v: v.dt.is_int)
            if b is None:
                return self.load()
        negated = a.negated_int or not use_const and b.negated_int
        if self.avoid_known and (kind == "minmax" and (use_const or negated) or self.known_bf16_int(a, b, use_const)):
            return self.load()
        shape = join(a.shape, b.shape)
        tol = max(a.tol, b.tol)
        if kind == "minmax":
            # tl.maximum widens bf16 to fp32 and turns a Python number into a tensor first.
            wa = D["fp32"] if a.dt.code == "bf16" else a.dt
            wb = D["fp32"] if b.dt.code == "bf16" else b.dt
            dt = computation_type(wa, False, wb, False)
            fn = r.choice(["tl.maximum", "tl.minimum"])
            nan = ", propagate_nan=tl.PropagateNan.ALL" if dt.is_float and r.random() < 0.3 else ""
            return self.define(f"{fn}({view(a, shape)}, {view(b, shape)}{nan})", dt, shape, tol)
        try:
            dt = computation_type(a.dt, False, b.dt, use_const, kind in ("mod", "truediv"))
        except TypeError:
            return self.load()
        if use_const and dt.is_int and b.dt.is_int:
            # Triton rejects a Python integer outside the computation dtype.
            lo, hi = dt.int_range()
            value = {"True": 1, "False": 0}.get(b.name)
            if not lo <= (int(b.name) if value is None else value) <= hi:
                return self.load()
        if kind == "arith":
            op = r.choice(["+", "-", "*"])
            if dt.kind == "b":
                return self.load()
            return self.define(f"{view(a, shape)} {op} {view(b, shape)}", dt, shape, tol)
        if kind == "cmp":
            op = r.choice(["==", "!=", "<", "<=", ">", ">="])
            return self.define(f"{view(a, shape)} {op} {view(b, shape)}", D["i1"], shape)
        if kind == "bit":
            op = r.choice(["&", "|", "^"])
            if not dt.is_int:
                return self.load()
            return self.define(f"{view(a, shape)} {op} {view(b, shape)}", dt, shape)
        if kind == "truediv":
            dt = self.truediv_type(a.dt, b.dt if not use_const else None)
            # fp32 `/` is div.full (within 2 ulp), expanded by ptxas into a
            # reciprocal and a multiply that it may fuse into the next add
            # (where the quotient has no other reader): either compiler's
            # bits are right.
            return self.define(f"{view(a, shape)} / {view(b, shape)}", dt, shape, DIV_TOL.get(dt.code, 0.0))
        if kind == "mod":  # float % float: C's fmod, defined for every operand
            if not dt.is_float:
                return self.load()
            return self.define(f"{view(a, shape)} % {view(b, shape)}", dt, shape)
        return self.load()

    def known_bf16_int(self, a, b, b_const):
        """Finding 1 of .difftest-findings.md: bf16 with an integer tensor."""
        return not b_const and {a.dt.code, b.dt.code} & {"bf16"} and (a.dt.is_int or b.dt.is_int)

    def constant(self, dt, kind):
        """A Python number as the right operand, and the dtype Triton gives it."""
        r = self.r
        if kind == "bit" or (dt.is_int and dt.kind != "b" and r.random() < 0.5):
            return Value(str(r.choice([1, 3, 7, 15, 100])), D["i32"], "S")
        if dt.is_float or (kind != "bit" and r.random() < 0.2):
            return Value(r.choice(["0.0", "1.0", "-2.5", "0.5", "3.0", "1e-3", "-7.0", "100.0"]), D["fp32"], "S")
        if dt.kind == "b":
            return Value(r.choice(["True", "False"]), D["i1"], "S")
        return Value(self.const_for(dt, allow_negative=dt.signed), D["i32"], "S")

    def truediv_type(self, a, b):
        if b is None:  # a Python float divisor
            return D["fp32"] if a.is_int or a.code in ("fp16", "bf16") else a
        t = computation_type(a, False, b, False, True)
        if t.is_int:
            return D["fp32"]
        return t

    def shift(self, a):
        r = self.r
        op = r.choice(["<<", ">>"])
        if r.random() < 0.4:
            return self.define(f"{a.name} {op} {r.randrange(a.dt.bits)}",
                               computation_type(a.dt, False, D["i32"], True), a.shape)
        b = self.operand(lambda v: v.dt.is_int and v.tol == 0 and fits(v.shape, a.shape) or
                         v.dt.is_int and v.shape == "S")
        if b is None:
            return self.load()
        shape = join(a.shape, b.shape)
        # The amount in a's dtype, below its width: shifts past the width are poison in LLVM.
        return self.define(f"{view(a, shape)} {op} ({view(b, shape)} & {a.dt.bits - 1}).to({a.dt.tl})",
                           a.dt, shape)

    def int_divmod(self, a, op):
        b = self.operand(lambda v: v.dt.is_int and v.dt.kind != "b" and v.dt.signed == a.dt.signed)
        if b is None:
            return self.load()
        shape = join(a.shape, b.shape)
        dt = integer_promote(a.dt, b.dt)
        # A zero divisor is UB, and so is MIN // -1 in a signed dtype.
        bad = f"({b.name} == 0) | ({b.name} == -1)" if b.dt.signed else f"{b.name} == 0"
        den = f"tl.where({bad}, 5, {b.name}).to({b.dt.tl})"
        den = f"{den}[:, None]" if shape == "T" and b.shape == "R" else \
            f"{den}[None, :]" if shape == "T" and b.shape == "C" else den
        return self.define(f"{view(a, shape)} {op} {den}", dt, shape)

    def unary(self):
        r = self.r
        a = self.operand(lambda v: True)
        kind = r.choice(["neg", "invert", "abs", "cast", "cast", "cast", "bitcast", "where", "where"])
        if kind == "neg" and a.dt.kind != "b":
            v = self.define(f"-{a.name}", a.dt, a.shape, a.tol)
            v.negated_int = a.dt.is_int
            return v
        if kind == "invert" and a.dt.is_int:
            return self.define(f"~{a.name}", a.dt, a.shape)
        if kind == "abs" and a.dt.kind != "b":
            return self.define(f"tl.abs({a.name})", a.dt, a.shape, a.tol)
        if kind == "bitcast" and a.dt.kind != "b" and a.tol == 0:
            same = [d for d in BASE if D[d].bits == a.dt.bits and d != a.dt.code]
            if same:
                dt = D[r.choice(same)]
                return self.define(f"{a.name}.to({dt.tl}, bitcast=True)", dt, a.shape)
        if kind == "where":
            return self.where()
        return self.cast(a, D[r.choice(BASE)])

    def cast(self, a, dt):
        if a.dt.is_float and dt.is_int and dt.kind != "b":
            if a.tol:
                return self.load()
            return self.define(self.safe_to(a, dt), dt, a.shape)
        if dt.kind == "b" and a.tol:
            return self.load()
        tol = a.tol if dt.is_float else 0.0
        if tol and dt.is_float:
            tol = max(tol, ORDER_TOL[dt.code])
        if a.dt.is_float and dt.is_float and a.tol == 0:
            hop = self.fp8_hop(a.name, dt)
            if hop:
                return self.define(hop, dt, a.shape)
        return self.define(f"{a.name}.to({dt.tl})", dt, a.shape, tol)

    def mapped(self, value, dt):
        """Now and then `value` (a float tile) through a helper written for
        one element, with run-time `if`s and early returns, under
        `tl.map_elementwise`. Each branch is one exact-rounded operation
        (no product feeding a sum), so both compilers agree bit for bit."""
        m = self.mapping
        if not dt.is_float or dt.code == "fp64" or m.random() >= 0.1:
            return None
        name = f"mapped_{len(self.helpers)}"
        k1, k2 = m.choice(["0.5", "1.0", "2.0", "3.5"]), m.choice(["0.25", "1.5", "4.0"])
        shape = m.choice(["chain", "nested", "single"])
        lines = ["@triton.jit", f"def {name}(x):"]
        if shape == "chain":
            lines += [f"    if x > {k1}:", f"        return x - {k1}", f"    if x < -{k2}:", f"        return x + {k2}",
                      "    return x * 0.5"]
        elif shape == "nested":
            lines += [f"    if x >= 0:", f"        if x > {k2}:", f"            t = x * {k1}", "        else:",
                      f"            t = x + {k2}", "    else:", f"        t = -x - {k1}", "    return t"]
        else:
            # Both returns of x's dtype: Triton types a constant return apart.
            lines += [f"    y = x * {k1}", f"    if y != y or y > {k2}:", f"        return x - x + {k2}", "    return y"]
        self.helpers.append("\n".join(lines))
        return f"tl.map_elementwise({name}, {value})"

    def fp8_hop(self, value, dt):
        """Now and then `value` through an fp8 format and back to `dt`: its
        rounding, saturation, NaN and (e5m2 to bf16) Triton's exponent
        move. fp8 needs sm_89+; the case then names sm_90a alone."""
        if not dt.is_float or dt.code == "fp64" or self.fp8.random() >= 0.15:
            return None
        self.uses_fp8 = True
        return f"({value}).to({self.fp8.choice(['tl.float8e5', 'tl.float8e4nv'])}).to({dt.tl})"

    def where(self):
        r = self.r
        c = self.operand(lambda v: v.dt.kind == "b")
        if c is None:
            c = self.binary()
            if c.dt.kind != "b":
                return c
        x = self.operand(lambda v: True)
        if r.random() < 0.3:
            cdt = D["fp32"] if x.dt.is_float else D["i32"] if x.dt.kind != "b" else D["i1"]
            y = Value(self.const_for(x.dt if x.dt.is_int else D["fp32"], allow_negative=x.dt.kind != "u"),
                      cdt, "S")
            dt = computation_type(x.dt, False, cdt, True)
            if dt.kind == "u" and y.name.startswith("-"):
                return self.load()
        else:
            y = self.operand(lambda v: True)
            if self.avoid_known and self.known_bf16_int(x, y, False):
                return self.load()
            dt = computation_type(x.dt, False, y.dt, False)
        shape = join(join(c.shape, x.shape), y.shape)
        return self.define(f"tl.where({view(c, shape)}, {view(x, shape)}, {view(y, shape)})", dt, shape,
                           max(x.tol, y.tol))

    def math(self):
        r = self.r
        a = self.operand(lambda v: v.tol == 0 and v.dt.kind != "b")
        if a is None:
            return self.load()
        if a.dt.is_int and a.dt.code in ("i32", "i64", "u32", "u64") and r.random() < 0.3:
            b = self.operand(lambda v: v.dt == a.dt and v.tol == 0)
            shape = join(a.shape, b.shape)
            return self.define(f"tl.umulhi({view(a, shape)}, {view(b, shape)})", a.dt, shape)
        fn, tol = r.choice([("tl.exp", 1e-6), ("tl.exp2", 1e-6), ("tl.log", 1e-6), ("tl.log2", 1e-6),
                            ("tl.sqrt", 1e-6), ("tl.sqrt_rn", 0.0), ("tl.rsqrt", 1e-6), ("tl.sin", 1e-6),
                            ("tl.cos", 1e-6), ("tl.erf", 1e-6), ("tl.floor", 0.0), ("tl.ceil", 0.0),
                            ("tl.sigmoid", 1e-6), ("fma", 0.0), ("div_rn", 0.0), ("fdiv", 1e-6),
                            ("clamp", 0.0)])
        # Triton's math functions take fp32 (and fp64) only.
        a = self.as_fp32(a)
        x = a.name
        if fn in ("fma", "div_rn", "fdiv"):
            b = self.as_fp32(self.operand(lambda v: v.tol == 0 and v.dt.kind != "b"))
            shape = join(a.shape, b.shape)
            xv, yv = view(a, shape), view(b, shape)
            if fn == "fma":
                return self.define(f"tl.fma({xv}, {yv}, {xv})", D["fp32"], shape)
            if fn == "div_rn":
                return self.define(f"tl.div_rn({xv}, {yv})", D["fp32"], shape)
            return self.define(f"tl.fdiv({xv}, {yv})", D["fp32"], shape, tol)
        if fn == "clamp":
            lo, hi = sorted(r.sample([-3.0, -0.5, 0.0, 1.0, 2.5, 1e4], 2))
            return self.define(f"tl.clamp({x}, {lo!r}, {hi!r})", D["fp32"], a.shape)
        return self.define(f"{fn}({x})", D["fp32"], a.shape, tol)

    def as_fp32(self, v):
        return v if v.dt.code == "fp32" else self.define(f"{v.name}.to(tl.float32)", D["fp32"], v.shape)

    # -- reductions and scans ---------------------------------------------
    def reduce(self):
        r = self.r
        a = self.operand(lambda v: v.shape != "S")
        if a is None:
            return self.load()
        kind = r.choice(["sum", "sum", "max", "min", "argmax", "argmin", "xor_sum"])
        axis, shape = reduction_axis(r, a.shape)
        if kind == "sum":
            dt = a.dt
            if dt.is_int and dt.bits < 32:
                dt = D["i32"] if dt.signed else D["u32"]
            tol = max(a.tol, ORDER_TOL[dt.code]) if dt.is_float else 0.0
            if a.tol and dt.bits == 16:
                # A 16-bit sum of values that already differ in their last bits
                # (a dot's fp16 accumulation) cancels: its error is relative to
                # the terms, not to the result.
                tol = 5 * tol
        elif kind in ("max", "min"):
            if self.avoid_known and a.negated_int:
                return self.load()
            dt, tol = extremum_type(a.dt), a.tol
        elif kind in ("argmax", "argmin"):
            if a.tol or a.dt.kind == "b":
                return self.load()
            if axis is None:  # Triton indexes input.shape[axis]: an axis is required
                axis = 0
                shape = "C" if a.shape == "T" else "S"
            dt, tol = D["i32"], 0.0
            if a.dt.is_float:
                # Triton's argmin/argmax combine is not NaN-consistent (value1 < value2 is false either
                # way), so with a NaN the index depends on the reduction tree: leave NaN out.
                return self.define(f"tl.{kind}(tl.where({a.name} == {a.name}, {a.name}, 0), axis={axis})", dt, shape)
        else:
            if not a.dt.is_int:
                return self.load()
            dt, tol = a.dt, 0.0
        return self.define(f"tl.{kind}({a.name}, axis={axis})", dt, shape, tol)

    def scan(self):
        r = self.r
        a = self.operand(lambda v: v.shape != "S" and v.dt.kind != "b")
        if a is None:
            return self.load()
        axis = r.choice([0, 1]) if a.shape == "T" else 0
        dt = D["fp32"] if a.dt.code == "bf16" else a.dt
        if dt.is_int and dt.bits < 32:
            dt = D["i32"] if dt.signed else D["u32"]
        tol = max(a.tol, ORDER_TOL[dt.code]) if dt.is_float else 0.0
        rev = ", reverse=True" if r.random() < 0.4 else ""
        return self.define(f"tl.cumsum({a.name}, axis={axis}{rev})", dt, a.shape, tol)

    # -- control flow ------------------------------------------------------
    def scalar_condition(self):
        r = self.r
        s = self.pick(lambda v: v.shape == "S" and v.tol == 0 and v.dt.kind != "b" and v.name != "pid")
        choices = ["pid_n == 1", "pid_m % 2 == 0", "s0 > 3", "pid < s0"]
        if s is not None:
            zero = "0.0" if s.dt.is_float else "0"
            choices.append(f"{s.name} > {zero}")
        return r.choice(choices)

    def if_else(self):
        """`if` on a run-time scalar; both branches define the same variable."""
        r = self.r
        target = self.pick(lambda v: v.name not in ("rows", "cols", "pid"))
        if target is None:
            return self.load()
        name = self.fresh()
        dt, shape = target.dt, target.shape
        self.emit(f"if {self.scalar_condition()}:")
        tols = []
        for branch in range(2):
            self.indent += 1
            src = self.pick(lambda v: fits(v.shape, shape))
            if src.tol and not dt.is_float:  # an order-dependent float must not become an integer
                src = target
            tols.append(src.tol)
            self.emit(f"{name} = {self.converted(self.same_shape_expr(src, shape), src.dt, dt)}")
            self.indent -= 1
            if branch == 0:
                self.emit("else:")
        tol = max(tols) if dt.is_float else 0.0
        if tol:
            tol = max(tol, ORDER_TOL[dt.code])
        v = Value(name, dt, shape, tol)
        self.pool.append(v)
        return v

    def same_shape_expr(self, src, shape):
        if src.shape == shape:
            return src.name
        if shape == "T":
            return f"tl.broadcast_to({view(src, 'T')}, (BM, BN))"
        return f"tl.broadcast_to({src.name}, ({'BM' if shape == 'R' else 'BN'},))"

    def loop(self):
        r = self.r
        acc0 = self.pick(lambda v: v.name not in ("rows", "cols", "pid") and v.dt.kind != "b")
        if acc0 is None:
            return self.load()
        acc = self.fresh("acc")
        self.emit(f"{acc} = {acc0.name}")
        bound = r.choice(["3", "s_iters", "s_iters"])
        if bound == "s_iters" and "s_iters" not in [s[0] for s in self.scalars]:
            self.scalars.append(["s_iters", "i32", r.randint(0, 4)])
        it = self.fresh("it")
        rng = r.choice(["range", "range", "tl.range"])
        self.emit(f"for {it} in {rng}(0, {bound}):")
        self.indent += 1
        local = [Value(it, D["i32"], "S")]
        cur = Value(acc, acc0.dt, acc0.shape, acc0.tol)
        for _ in range(r.randint(1, 3)):
            w = self.pick(lambda v: fits(v.shape, cur.shape) and (v.tol == 0 or cur.dt.is_float),
                          pool=self.pool + local * 3)
            op = r.choice(["+", "*", "^", "max", "-"]) if cur.dt.is_int else r.choice(["+", "*", "max", "-"])
            if op == "^" and not w.dt.is_int:
                op = "+"
            wv = view(w, cur.shape)
            if w.dt.is_float and cur.dt.is_int or self.avoid_known and self.known_bf16_int(cur, w, False):
                # An accumulator that is 0 minus the minimum is that minimum's negation.
                wv = self.converted(wv, w.dt, cur.dt, above_min=self.avoid_known and op == "-")
            if op == "max":
                expr = f"tl.maximum({acc}, {wv})"
            else:
                expr = f"{acc} {op} {wv}"
            if op == "*" and cur.dt.is_float:  # keep float products from running off to inf every time
                expr = f"{acc} * 0.5 + {wv}"
            self.emit(f"{acc} = ({expr}).to({cur.dt.tl})")
            if cur.dt.is_float and (w.tol or cur.tol):
                cur.tol = max(cur.tol, w.tol, ORDER_TOL[cur.dt.code])
        if r.random() < 0.3 and cur.shape == "T":
            name = f"xl{len(self.inputs)}_ptr"
            self.inputs.append([name, "*" + cur.dt.code, self.M * self.N * 4, self.init_for(cur.dt)])
            self.emit(f"{acc} = {acc} + tl.load({name} + {it} * M * N + offs, mask=mask, other=0)")
        self.indent -= 1
        self.pool.append(cur)
        return cur

    def early_return(self):
        self.emit(f"if {self.scalar_condition()}:")
        self.emit("    return")
        self.returned = True

    # -- tensor cores ------------------------------------------------------
    def dot(self):
        r = self.r
        kind = r.choice(["fp16", "bf16", "fp32-ieee", "fp32-tf32", "i8", "fp16-acc16"])
        dt = D[kind.split("-")[0]]
        bk = r.choice([32, 64] if dt.bits == 8 else [16, 32, 64])
        if "K" not in [s[0] for s in self.scalars]:
            self.scalars.append(["K", "i32", r.randint(1, 100)])
        a = f"x{len(self.inputs)}_ptr"
        self.inputs.append([a, "*" + dt.code, self.M * 100, self.init_for(dt) if dt.is_int else "randn"])
        b = f"x{len(self.inputs)}_ptr"
        self.inputs.append([b, "*" + dt.code, self.N * 100, self.init_for(dt) if dt.is_int else "randn"])
        acc_dt = D["i32"] if dt.is_int else D["fp16"] if kind == "fp16-acc16" else D["fp32"]
        k, acc, kk = self.fresh("k"), self.fresh("acc"), self.fresh("kk")
        opts = ""
        if kind == "fp32-ieee":
            opts = ', input_precision="ieee"'
        if kind == "fp16-acc16":
            opts = ", out_dtype=tl.float16"
        if dt.is_int:  # Triton asserts that the accumulator's dtype is out_dtype
            opts = ", out_dtype=tl.int32"
        self.emit(f"{acc} = tl.zeros((BM, BN), dtype={acc_dt.tl})")
        self.emit(f"for {kk} in range(0, tl.cdiv(K, {bk})):")
        self.emit(f"    {k} = {kk} * {bk} + tl.arange(0, {bk})")
        self.emit(f"    a = tl.load({a} + rows[:, None] * K + {k}[None, :], mask=rmask[:, None] & ({k}[None, :] < K), "
                  f"other=0)")
        self.emit(f"    b = tl.load({b} + {k}[:, None] * N + cols[None, :], mask=({k}[:, None] < K) & cmask[None, :], "
                  f"other=0)")
        # The ways users accumulate: the three-argument form, the adds that
        # tritonc (as Triton) folds into it, and a scaled product it must not.
        form = r.choice(["arg", "augmented", "add-left", "add-right", "scaled"])
        opts_only = opts[2:] if opts else ""
        product = f"tl.dot(a, b{', ' + opts_only if opts_only else ''})"
        one = "1" if dt.is_int else "1.0"
        self.emit("    " + {"arg": f"{acc} = tl.dot(a, b, {acc}{opts})",
                            "augmented": f"{acc} += {product}",
                            "add-left": f"{acc} = {acc} + {product}",
                            "add-right": f"{acc} = {product} + {acc}",
                            "scaled": f"{acc} += {product} * {one}"}[form])
        tol = 0.0 if dt.is_int else 1e-2 if kind in ("fp32-tf32", "fp16-acc16") else 1e-3
        v = Value(acc, acc_dt, "T", tol)
        self.pool.append(v)
        return v

    # -- atomics -------------------------------------------------------------
    def atomic(self):
        r = self.r
        op = r.choice(["add", "add", "max", "min", "and", "or", "xor", "xchg", "cas"])
        dts = {"add": ["i32", "u32", "i64", "u64", "fp32", "fp16"], "max": ["i32", "u32", "i64", "u64", "fp32"],
               "min": ["i32", "u32", "i64", "u64", "fp32"], "xchg": ["i32", "u32", "i64", "u64", "fp32"],
               "cas": ["i32", "u32", "i64", "u64"]}.get(op, ["i32", "u32", "i64", "u64"])
        dt = D[r.choice(dts)]
        sem = r.choice(["", ', sem="relaxed"', ', sem="acquire"', ', sem="release"', ', sem="acq_rel"'])
        name = f"a{len(self.inputs)}_ptr"
        contended = op not in ("xchg", "cas") and r.random() < 0.4
        if op == "cas":
            self.inputs.append([name, "*" + dt.code, self.programs, "int:0:3"])
            cmp = self.operand(lambda v: v.shape == "S" and v.dt.is_int and v.tol == 0)
            cmp_text = f"{cmp.name}.to({dt.tl})" if cmp else "1"
            val = self.operand(lambda v: v.shape == "S" and v.tol == 0 and not v.dt.is_float)
            val_text = f"{val.name}.to({dt.tl})" if val else "pid"
            return self.define(f"tl.atomic_cas({name} + pid, {cmp_text}, {val_text}{sem})", dt, "S")
        v = self.operand(lambda v: v.tol == 0 or (dt.is_float and op == "add"))
        val = self.safe_to(v, dt)
        if val is None:
            return self.load()
        if contended:
            # Every program adds into the same words: only the final contents are defined.
            scope = r.choice(["", ', scope="gpu"', ', scope="sys"'])
            shape = {"T": "R", "R": "R", "C": "C", "S": "S"}[v.shape]
            if v.shape == "T":
                val = f"tl.sum({val}, axis=1)" if op == "add" else f"tl.{op if op in ('max', 'min') else 'xor_sum'}" \
                    f"({val}, axis=1)" if op in ("max", "min", "xor") else None
                if val is None:
                    return self.load()
                if op == "add" and dt.is_int and dt.bits < 32:
                    val = f"({val}).to({dt.tl})"
            size = {"R": self.M, "C": self.N, "S": 1}[shape]
            self.inputs.append([name, "*" + dt.code, size, self.init_for(dt) if not dt.is_float else "randn"])
            offs, mask = {"R": ("rows", "rmask"), "C": ("cols", "cmask"), "S": ("0", None)}[shape]
            m = f", mask={mask}" if mask else ""
            self.emit(f"tl.atomic_{op}({name} + {offs}, {val}{m}{sem}{scope})")
            if dt.is_float and op == "add":
                self.tols[name] = max(v.tol, 1e-3 if dt.code == "fp32" else 2e-2)
            return None
        scope = r.choice(["", ', scope="gpu"', ', scope="cta"', ', scope="sys"'])
        self.inputs.append([name, "*" + dt.code, self.buffer_size(v.shape),
                            self.init_for(dt) if not dt.is_float else "randn"])
        offs, mask = self.index(v.shape)
        m = f", mask={mask}" if mask else ""
        if v.tol:
            self.tols[name] = max(v.tol, ORDER_TOL[dt.code])
        return self.define(f"tl.atomic_{op}({name} + {offs}, {val}{m}{sem}{scope})", dt, v.shape)

    def safe_to(self, v, dt):
        return None if v is None else self.converted(v.name, v.dt, dt)

    @staticmethod
    def converted(text, src, dt, above_min=False):
        """`text` (of dtype src) as dt, defined for every value; with
        `above_min`, never the signed minimum (whose negation ptxas gets
        wrong in Triton's PTX: dt_2403650's `0 - (-32768)` in int16)."""
        if src.is_float and dt.is_int and dt.kind != "b":
            # Out-of-range float -> int is poison in LLVM: clamp into range first. tl.maximum
            # computes in fp32 (a Python float becomes an fp32 tensor) and maps NaN to the bound.
            lo, hi = dt.int_range()
            if above_min and dt.signed:
                lo += 1
            return f"tl.minimum(tl.maximum({text}, {float(lo)!r}), {fp32_below(hi + 1)!r}).to({dt.tl})"
        return f"({text}).to({dt.tl})"

    # -- the program --------------------------------------------------------
    def store(self, v):
        r = self.r
        dt = v.dt
        if r.random() < 0.2:
            # tl.store converts to the pointee; only conversions defined on every value.
            if v.dt.is_int and v.dt.kind != "b":
                dt = D[r.choice([c for c in BASE if c != "i1"])]
            elif v.dt.is_float:
                dt = D[r.choice(["fp16", "bf16", "fp32"])]
        name = f"o{len(self.outputs)}_ptr"
        self.outputs.append([name, "*" + dt.code, self.buffer_size(v.shape), "out"])
        if dt.is_float and v.tol:
            self.tols[name] = max(v.tol, ORDER_TOL[dt.code])
        if v.shape == "T" and r.random() < 0.15:
            if self.use_descriptor(dt):
                self.outputs[-1][2] = self.M * self.padded_row(dt)
                self.row_slack[name] = [self.N, self.padded_row(dt)]
                desc = self.descriptor(name, dt)
                self.emit(f"{desc}.store([pid_m * BM, pid_n * BN], {v.name}.to({dt.tl}))")
                return
            # The value must have the block's element type (int8 over bool memory).
            stored = "tl.int8" if dt.code == "i1" else dt.tl
            self.emit(f"tl.store({self.block_pointer(name)}, {v.name}.to({stored}), boundary_check=(0, 1))")
            return
        offs, mask = self.index(v.shape)
        m = f", mask={mask}" if mask else ""
        self.emit(f"tl.store({name} + {offs}, {v.name}{m})")

    def build(self):
        r = self.r
        self.emit("pid_m = tl.program_id(0)")
        self.emit("pid_n = tl.program_id(1)")
        self.emit("pid = pid_m * tl.num_programs(1) + pid_n")
        self.emit("rows = pid_m * BM + tl.arange(0, BM)")
        self.emit("cols = pid_n * BN + tl.arange(0, BN)")
        self.emit("rmask = rows < M")
        self.emit("cmask = cols < N")
        self.emit("mask = rmask[:, None] & cmask[None, :]")
        self.emit("offs = rows[:, None] * N + cols[None, :]")
        self.emit("offs_t = cols[None, :] * M + rows[:, None]")
        # Not 1: Triton specialises an integer argument equal to 1 into a constexpr, which
        # changes how it promotes.
        self.scalars.append(["s0", "i32", r.choice([-3, -2, -1, 0, 2, 3, 4, 5, 6, 7, 8])])
        self.pool += [Value("rows", D["i32"], "R"), Value("cols", D["i32"], "C"), Value("pid", D["i32"], "S"),
                      Value("s0", D["i32"], "S")]
        if r.random() < 0.5:
            self.scalars.append(["f0", "fp32", r.choice([0.5, -1.25, 3.0, 1e6])])
            self.pool.append(Value("f0", D["fp32"], "S"))
        for _ in range(r.randint(1, 3)):
            self.load()
        if self.has_dot:
            self.dot()
        steps = r.randint(4, 18)
        actions = (["binary"] * 10 + ["unary"] * 6 + ["load"] * 2 + ["math"] * 2 + ["reduce"] * 3 + ["scan"] +
                   ["if_else"] + ["loop"] + ["atomic"] + ["early_return"])
        for _ in range(steps):
            act = r.choice(actions)
            if act == "early_return" and (self.returned or r.random() < 0.5):
                continue
            getattr(self, act)()
        self.extras()
        used = "\n".join(self.lines)
        leaves = [v for v in self.pool if v.name not in ("rows", "cols", "pid", "s0", "f0") and
                  used.count(v.name) == 1]
        stores = leaves[-3:] + r.sample(self.pool[4:], min(len(self.pool) - 4, r.randint(0, 2)))
        seen = set()
        for v in stores:
            if v.name not in seen and v.name not in ("f0",):
                seen.add(v.name)
                self.store(v)
        if not self.outputs:
            self.store(self.pool[-1])

    # -- later additions, from their own stream ------------------------------
    def extras(self):
        x = self.extra
        if self.returned:
            return
        usable = [v for v in self.pool if v.dt.code != "i1" and v.tol == 0 and v.name not in ("f0",)]
        if not usable:
            return
        if x.random() < 0.3:
            self.sorted_values(x.choice(usable))
        if x.random() < 0.3:
            # Its tl.maximum(v, 3) of a negated integer is the known ptxas case.
            v = x.choice(usable)
            if not (self.avoid_known and v.negated_int):
                self.tuple_helper(v)
        if x.random() < 0.3:
            self.static_loop(x.choice(usable))
        if x.random() < 0.15:
            self.transposed_products()
        ints = [v for v in usable if v.dt.is_int and v.dt.kind != "b" and v.shape != "S"]
        # Triton's own answers there are wrong (ptxas drops the negations).
        if ints and x.random() < 0.2 and not self.avoid_known:
            self.negated_extrema(x.choice(ints))
        numbers = [v for v in usable if v.dt.kind != "b"]
        if numbers and x.random() < 0.3:
            self.assigned_number(x.choice(numbers))
        tiles = [v for v in usable if v.shape == "T" and v.dt.kind != "b"]
        if tiles and self.shapes.random() < 0.3:
            self.shape_round_trip(self.shapes.choice(tiles))

    @staticmethod
    def defined_copy(v, mask):
        """`v` with lanes outside `mask` zeroed, NaN made 0 and -0.0 made
        +0.0: the same in every compiler, whichever lanes a later op moves."""
        if v.dt.is_float:
            return f"tl.where({mask} & ({v.name} == {v.name}), {v.name} + 0.0, 0.0)"
        return f"tl.where({mask}, {v.name}, 0)"

    def sorted_values(self, v):
        """`tl.sort` along the last dim of a fully defined copy of `v`: masked
        lanes zeroed (a load without `other` leaves them undefined, and a sort
        moves them), NaN made 0 and -0.0 made +0.0 (their order is the
        network's, not a value's)."""
        if v.shape == "S" or {"R": self.BM, "C": self.BN, "T": self.BN}[v.shape] < 2:
            return
        clean = self.defined_copy(v, {"R": "rmask", "C": "cmask", "T": "mask"}[v.shape])
        descending = ", descending=True" if self.extra.random() < 0.5 else ""
        self.define(f"tl.sort({clean}{descending})", v.dt, v.shape)

    def shape_round_trip(self, v):
        """A [BM, BN] tile taken apart and put back in another order with
        `tl.reshape`, `tl.permute`, `tl.split`, `tl.interleave`, or widened
        from per-group maxima: reshapes whose layouts either rename
        registers or move elements between threads. Lanes outside the mask
        are zeroed first (a load without `other` leaves them undefined, and
        these move them), NaN made 0 and -0.0 made +0.0 (a maximum may
        return either zero)."""
        x = self.shapes
        BM, BN = self.BM, self.BN
        clean = self.defined_copy(v, "mask")
        forms = []
        if BN >= 2:
            forms += ["pairs_swapped", "halves_swapped"]
        if BN >= 4:
            forms += ["group_maxima"]
        if BM >= 2:
            forms += ["rows_interleaved"]
        if not forms:
            return
        form = x.choice(forms)
        t = self.fresh("t")
        self.emit(f"{t} = {clean}")
        if form == "pairs_swapped":
            a, b = self.fresh("a"), self.fresh("b")
            self.emit(f"{a}, {b} = tl.split(tl.reshape({t}, ({BM}, {BN // 2}, 2)))")
            self.define(f"tl.interleave({b}, {a})", v.dt, "T")
        elif form == "halves_swapped":
            self.define(f"tl.reshape(tl.permute(tl.reshape({t}, ({BM}, 2, {BN // 2})), (0, 2, 1)), ({BM}, {BN}))",
                        v.dt, "T")
        elif form == "group_maxima":
            g = x.choice([d for d in (2, 4, 8, 16, 32) if d <= BN // 2])
            m = self.fresh("g")
            self.emit(f"{m} = tl.max(tl.reshape({t}, ({BM}, {BN // g}, {g})), axis=2)")
            self.define(f"tl.reshape(tl.broadcast_to({m}[:, :, None], ({BM}, {BN // g}, {g})), ({BM}, {BN})) - {t}",
                        extremum_type(v.dt), "T")
        else:
            self.define(f"tl.reshape(tl.permute(tl.reshape({t}, (2, {BM // 2}, {BN})), (1, 0, 2)), ({BM}, {BN}))",
                        v.dt, "T")

    def tuple_helper(self, v):
        """A helper returning a tuple, unpacked by the caller."""
        name = f"pair_{len(self.helpers)}"
        self.helpers.append("\n".join(["@triton.jit", f"def {name}(a, b):", "    return a + b, tl.maximum(a, b)"]))
        first, second = self.fresh(), self.fresh()
        self.emit(f"{first}, {second} = {name}({v.name}, 3)")
        self.pool += [Value(first, v.dt, v.shape), Value(second, v.dt, v.shape)]

    def transposed_products(self):
        """Attention backward's key side on 64x64 fp16 tiles, two steps of a
        loop: a product transposed into a second dot (dV += Pᵀ·dO) beside a
        dot that shares nothing with it (dP = dO·Kᵀ), whatever the warps
        (wgmma's transposed operand and batched waits at 4)."""
        n = len(self.inputs)
        q, k, do = (f"x{n + i}_ptr" for i in range(3))
        for name in (q, k, do):
            self.inputs.append([name, "*fp16", 2 * 4096, "randn:0.25"])
        out = f"o{len(self.outputs)}_ptr"
        self.outputs.append([out, "*fp32", self.programs * 4096, "out"])
        self.tols[out] = 2e-2
        t, dv, dp, i, p, g = (self.fresh(s) for s in ("t", "dv", "dp", "i", "p", "g"))
        tile = f"{t}[:, None] * 64 + {t}[None, :]"
        self.emit(f"{t} = tl.arange(0, 64)")
        self.emit(f"{dv} = tl.zeros((64, 64), tl.float32)")
        self.emit(f"{dp} = tl.zeros((64, 64), tl.float32)")
        self.emit(f"for {i} in range(2):")
        self.emit(f"    {p} = tl.dot(tl.load({q} + {i} * 4096 + {tile}), tl.trans(tl.load({k} + {tile})))")
        self.emit(f"    {g} = tl.load({do} + {i} * 4096 + {tile})")
        self.emit(f"    {dv} += tl.dot(tl.trans({p}.to(tl.float16)), {g})")
        self.emit(f"    {dp} += tl.dot({g}, tl.trans(tl.load({k} + {tile})))")
        self.emit(f"tl.store({out} + pid * 4096 + {tile}, {dv} + {dp})")

    def negated_extrema(self, v):
        """Minima and maxima over negated integers, reduced and elementwise:
        ptxas drops negations when it fuses such trees into three-input
        min/max (tests/difftest/corpus/max_of_negated_*.py)."""
        x = self.extra
        kind = x.choice(["max", "min"])
        axis, shape = reduction_axis(x, v.shape)
        self.define(f"tl.{kind}(-{v.name}, axis={axis})", extremum_type(v.dt), shape)
        fn = "tl.maximum" if kind == "max" else "tl.minimum"
        self.define(f"{fn}({fn}(-{v.name}, -({v.name} >> 1)), -({v.name} & 7))", v.dt, v.shape)

    def assigned_number(self, v):
        """A number bound by a plain assignment, which Triton holds as a 0-d
        tensor: it widens a narrower tile, `1 << 31` is uint32, an fp32
        number makes fp16 arithmetic fp32, and its own `//` and `%`
        truncate (src/sema/TensorConstants.h)."""
        x = self.extra
        n = self.fresh("n")
        if v.dt.is_float:
            self.emit(f"{n} = {x.choice(['0.1', '-2.5', '1e-3', '3.0'])}")
            return self.define(f"{v.name} * {n}", computation_type(v.dt, False, D["fp32"], False), v.shape, v.tol)
        form = x.choice(["plain", "top_bit", "truncated"])
        if form == "plain":
            self.emit(f"{n} = {x.choice([100, -7, 3, 70000])}")
            dt = D["i32"]
        elif form == "top_bit":
            self.emit(f"{n} = 1 << 31")
            dt = D["u32"]
        else:
            m = self.fresh("m")
            self.emit(f"{m} = {x.choice([-7, -100, 9])}")
            self.emit(f"{n} = {m} {x.choice(['//', '%'])} {x.choice([2, 3, -4])}")
            dt = D["i32"]
        op = x.choice(["+", "&", "^", "*"])
        return self.define(f"{v.name} {op} {n}", integer_promote(v.dt, dt), v.shape)

    def static_loop(self, v):
        """An unrolled `tl.static_range` loop carrying a value."""
        acc, i = self.fresh("acc"), self.fresh("i")
        self.emit(f"{acc} = {v.name}")
        self.emit(f"for {i} in tl.static_range(3):")
        self.emit(f"    {acc} = tl.maximum({acc}, {v.name}) + {i}")
        self.pool.append(Value(acc, v.dt, v.shape))

    def source(self):
        self.build()
        params = self.inputs + self.outputs
        runtime = [["M", "i32", self.M], ["N", "i32", self.N]] + self.scalars
        constexprs = [["BM", self.BM], ["BN", self.BN]]
        names = [p[0] for p in params + runtime] + [f"{c[0]}: tl.constexpr" for c in constexprs]
        case = {"name": "dt", "kernel": "kernel", "grid": self.grid, "warps": self.r.choice([1, 2, 4, 4, 8]),
                "seed": self.seed, "params": params + runtime + constexprs}
        if self.tols:
            case["tols"] = self.tols
        if self.row_slack:
            case["row_slack"] = self.row_slack
        if self.uses_fp8:
            case["archs"] = ["sm_90a"]
        head = ["# Generated by tests/difftest/gen.py --seed %d%s" % (self.seed, " --avoid-known" * self.avoid_known), "import triton",
                "import triton.language as tl", "", ""]
        for h in self.helpers:
            head += [h, "", ""]
        head += ["@triton.jit", "def kernel(%s):" % ", ".join(names)]
        return "\n".join(head + self.lines) + "\n\n# CASE " + json.dumps(case) + "\n"


def generate(seed, avoid_known=False):
    return Program(seed, avoid_known).source()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--count", type=int, default=1)
    ap.add_argument("--out", required=True)
    ap.add_argument("--avoid-known", action="store_true",
                    help="leave out constructs that hit the bugs in .difftest-findings.md, to see past them")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    for seed in range(args.seed, args.seed + args.count):
        with open(os.path.join(args.out, f"dt_{seed}.py"), "w") as f:
            f.write(generate(seed, args.avoid_known))


if __name__ == "__main__":
    main()
