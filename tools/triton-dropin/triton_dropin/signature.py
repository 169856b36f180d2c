"""The specialisation Triton 3.6 would compile for one launch, and the
tritonc signature string that asks tritonc for the same code.

Triton decides per argument a type and a hint (`JITFunction`'s binder,
`specialize_impl` and the backend's `get_arg_specialization`): the type from
the value (or the parameter's annotation), the hint "D" for a pointer whose
address or an integer whose value is a multiple of 16, and an integer equal
to 1 turned into the constant 1. `derive` repeats those rules on the bound
arguments without asking Triton, so the drop-in also works where the binder
changes shape between releases; tests/test_signature.py checks it against
the binder itself. No module here imports torch or triton, so the rules can
be tested anywhere.
"""
import inspect
import os
from dataclasses import dataclass, field

# Triton's canonical spelling of dtypes (triton/_utils.py), keyed by the last
# component of `str(dtype)` for torch and Triton dtypes alike.
_CANONICAL = {
    "bool": "u1", "int1": "u1", "uint1": "u1", "i1": "u1",
    "float8e4nv": "fp8e4nv", "float8_e4m3fn": "fp8e4nv",
    "float8e5": "fp8e5", "float8_e5m2": "fp8e5",
    "float8e4b15": "fp8e4b15",
    "float8e4b8": "fp8e4b8", "float8_e4m3fnuz": "fp8e4b8",
    "float8e5b16": "fp8e5b16", "float8_e5m2fnuz": "fp8e5b16",
    "half": "fp16", "float16": "fp16", "bfloat16": "bf16",
    "float": "fp32", "float32": "fp32", "double": "fp64", "float64": "fp64",
    "int8": "i8", "int16": "i16", "int": "i32", "int32": "i32", "int64": "i64",
    "uint8": "u8", "uint16": "u16", "uint32": "u32", "uint64": "u64",
    "void": "void",
}
for _v in list(_CANONICAL.values()):
    _CANONICAL[_v] = _v

# Launch options that tritonc takes, and the others with the value under
# which tritonc's code is what Triton's would be. Any other value (or an
# option not listed) is refused rather than silently ignored.
SERVED_OPTIONS = ("num_warps", "num_stages", "maxnreg")
NEUTRAL_OPTIONS = {
    "num_ctas": 1,
    "enable_fp_fusion": True,
    "launch_cooperative_grid": False,
    "launch_pdl": False,
    "debug": False,
    "ir_override": None,
    "sanitize_overflow": False,
}


class Unsupported(Exception):
    """A launch that tritonc cannot be asked for; the reason is recorded."""


def canonical_dtype(dtype):
    name = str(dtype).split(".")[-1]
    return _CANONICAL.get(name, name)


def normalise_annotation(ann):
    """Triton's `_normalize_ty` for the annotations kernels use: strings such
    as "tl.int64", "*fp16" or "const float*", and tl dtypes."""
    if ann is inspect.Parameter.empty or ann is None or ann == "":
        return ""
    if isinstance(ann, str):
        text = ann.strip()
        if text.startswith("const "):
            inner = normalise_annotation(text[len("const "):])
            return "*k" + inner[1:]
        if text.endswith("*"):
            return "*" + normalise_annotation(text[:-1])
        if text.startswith("*"):
            return "*" + normalise_annotation(text[1:])
        if text.startswith("tl."):
            return normalise_annotation(text[3:])
        name = text
    elif hasattr(ann, "element_ty"):
        return "*" + normalise_annotation(ann.element_ty)
    elif hasattr(ann, "name") and not isinstance(ann, type):
        name = ann.name
    elif isinstance(ann, type):
        name = ann.__name__
    else:
        name = str(ann)
    name = name.replace("_t", "")
    return _CANONICAL.get(name, name)


@dataclass
class Param:
    """What the specialisation of one parameter depends on; built from a
    Triton `KernelParam` or from an `inspect.Parameter` alone."""
    name: str
    annotation: str = ""
    do_not_specialize: bool = False
    do_not_specialize_on_alignment: bool = False

    @property
    def is_constexpr(self):
        return "constexpr" in self.annotation

    @property
    def is_const(self):
        return not self.is_constexpr and ("const" in self.annotation or self.annotation.startswith("*k"))

    @property
    def annotation_type(self):
        """The annotation when it names a dtype (or a pointer to one)."""
        a = self.annotation
        bare = a[2:] if a.startswith("*k") else a[1:] if a.startswith("*") else a
        return a if bare in set(_CANONICAL.values()) else ""


def params_of(jit_fn):
    """The `Param`s of a JITFunction, in source order."""
    out = []
    for kp in jit_fn.params:
        ann = kp._param.annotation if hasattr(kp, "_param") else inspect.Parameter.empty
        out.append(Param(kp.name, normalise_annotation(ann), bool(kp.do_not_specialize),
                         bool(getattr(kp, "do_not_specialize_on_alignment", False))))
    return out


def _is_tensor_descriptor(value):
    return hasattr(value, "base") and hasattr(value, "block_shape") and hasattr(value, "strides")


def _is_constexpr_object(value):
    return type(value).__name__ == "constexpr" and hasattr(value, "value")


def _is_jit_function(value):
    return hasattr(value, "cache_key") and hasattr(value, "fn") and hasattr(value, "params")


def triton_kind(value, is_const=False, specialize=True, align=True):
    """(type, hint) as Triton's `specialize_impl` gives them: the hint is "D"
    (multiple of 16), "" (none) or None (not specialised); a type
    "constexpr" carries its value as the hint."""
    if value is None:
        return ("constexpr", None)
    if isinstance(value, bool):
        return ("u1", None)
    if isinstance(value, int):
        hint = ("D" if align and value % 16 == 0 else "") if specialize else None
        if value == 1 and specialize:
            return ("constexpr", 1)
        if -(2 ** 31) <= value <= 2 ** 31 - 1:
            return ("i32", hint)
        if 2 ** 63 <= value <= 2 ** 64 - 1:
            return ("u64", hint)
        return ("i64", hint)
    if isinstance(value, float):
        return ("fp32", None)
    if hasattr(value, "data_ptr"):
        ty = ("*k" if is_const else "*") + canonical_dtype(value.dtype)
        hint = ("D" if align and value.data_ptr() % 16 == 0 else "") if specialize else None
        return (ty, hint)
    if _is_jit_function(value):
        return ("constexpr", value)
    if _is_constexpr_object(value):
        return ("constexpr", value)
    if hasattr(value, "tma_desc_cpu_ptr"):
        return ("nvTmaDesc", None)
    if isinstance(value, tuple):
        kinds = [triton_kind(v) for v in value]
        return (tuple(k[0] for k in kinds), tuple(k[1] for k in kinds))
    if _is_tensor_descriptor(value):
        if hasattr(value, "layout"):
            raise Unsupported("a Gluon tensor descriptor")
        return ("tensordesc<%s%s>" % (canonical_dtype(value.base.dtype), list(value.block_shape)), None)
    raise Unsupported("an argument of type %s" % type(value).__name__)


def triton_specialisation(params, values):
    """Triton's list of (type, hint) for bound `values`, one per parameter."""
    out = []
    for p, value in zip(params, values):
        if p.is_constexpr:
            out.append(("constexpr", value))
            continue
        kind = triton_kind(value, p.is_const, not p.do_not_specialize, not p.do_not_specialize_on_alignment)
        ann = p.annotation_type
        if ann:
            # Annotated bools and floats are never specialised; other
            # annotations keep the value's hint but not its type.
            if ann == "u1" or ann[:2] in ("fp", "bf") or p.do_not_specialize:
                kind = (ann, None)
            else:
                kind = (ann,) + kind[1:]
        out.append(kind)
    return out


def constexpr_text(value):
    """A constexpr value as tritonc's signature writes it."""
    if _is_constexpr_object(value):
        value = value.value
    if value is None:
        return "None"
    if isinstance(value, bool):
        return "True" if value else "False"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise Unsupported("the constexpr float %r" % value)
        return repr(value)
    if isinstance(value, str):
        if "'" in value or "\\" in value:
            raise Unsupported("the constexpr string %r" % value)
        return "'%s'" % value
    if type(value).__name__ == "dtype" and hasattr(value, "name"):
        return "tl." + {"fp16": "float16", "bf16": "bfloat16", "fp32": "float32", "fp64": "float64",
                        "fp8e4nv": "float8e4nv", "fp8e5": "float8e5", "i1": "int1", "u1": "int1",
                        "i8": "int8", "i16": "int16", "i32": "int32", "i64": "int64", "u8": "uint8",
                        "u16": "uint16", "u32": "uint32", "u64": "uint64"}.get(value.name, value.name)
    if _is_jit_function(value):
        raise Unsupported("a @triton.jit function passed as a constexpr")
    raise Unsupported("the constexpr value %r" % (value,))


def _tritonc_type(ty):
    # tritonc spells Triton's u1 as i1 and has no const pointers.
    if ty.startswith("*k"):
        ty = "*" + ty[2:]
    if ty == "u1":
        return "i1"
    if ty == "*u1":
        return "*i1"
    return ty


def entry_text(kind, is_constexpr):
    """One tritonc signature entry from Triton's (type, hint)."""
    ty, hint = kind
    if isinstance(ty, tuple):
        if is_constexpr:
            raise Unsupported("a tuple as a constexpr argument")
        if any(isinstance(t, tuple) for t in ty):
            raise Unsupported("a tuple inside a tuple argument")
        if not ty:
            raise Unsupported("an empty tuple argument")
        # Triton passes a tuple as its elements, each specialised alone.
        return "(%s)" % ", ".join(entry_text((t, h), False) for t, h in zip(ty, hint))
    if ty == "nvTmaDesc":
        raise Unsupported("a legacy TMA descriptor argument")
    if ty == "constexpr":
        if is_constexpr or not (type(hint) is int and hint == 1):
            return constexpr_text(hint)
        # Triton makes an integer 1 a constant; tritonc keeps the parameter
        # and promises its value with `:1`, so the PTX takes it all the same.
        return "i32:1"
    if ty.startswith("tensordesc"):
        return ty
    return _tritonc_type(ty) + (":16" if hint == "D" else "")


@dataclass
class Specialisation:
    """Everything tritonc needs to compile one launch, and Triton's view of it."""
    kernel: str
    signature: str
    kinds: list
    num_warps: int = 4
    num_stages: int = 3
    maxnreg: object = None
    # TRITON_F32_DEFAULT as Triton read it for this launch: the precision
    # of fp32 dots that name none ("" for Triton's own rule).
    fp32_default: str = ""
    unsupported: str = ""
    values: dict = field(default_factory=dict)

    def key(self):
        return (self.kernel, self.signature, self.num_warps, self.num_stages, self.maxnreg, self.fp32_default)


def bind(jit_fn, args, kwargs):
    """The bound arguments (defaults applied, in source order) and the
    remaining launch options, as Triton's binder splits them."""
    sig = jit_fn.signature
    names = list(sig.parameters)
    call_kwargs = {k: v for k, v in kwargs.items() if k in sig.parameters}
    options = {k: v for k, v in kwargs.items() if k not in sig.parameters}
    bound = sig.bind(*args, **call_kwargs)
    bound.apply_defaults()
    return {n: bound.arguments[n] for n in names}, options


def derive(jit_fn, args, kwargs, params=None):
    """The `Specialisation` of `jit_fn[grid](*args, **kwargs)`."""
    values, options = bind(jit_fn, args, kwargs)
    params = params if params is not None else params_of(jit_fn)
    spec = Specialisation(kernel=jit_fn.fn.__name__, signature="", kinds=[], values=values)
    spec.num_warps = options.get("num_warps") or 4
    spec.num_stages = options.get("num_stages") if options.get("num_stages") is not None else 3
    spec.maxnreg = options.get("maxnreg")
    spec.fp32_default = os.environ.get("TRITON_F32_DEFAULT") or ""
    try:
        spec.kinds = triton_specialisation(params, [values[p.name] for p in params])
        spec.signature = ", ".join(entry_text(k, p.is_constexpr) for k, p in zip(spec.kinds, params))
        for name, value in options.items():
            if name in SERVED_OPTIONS or value is None:
                continue
            if name not in NEUTRAL_OPTIONS or value != NEUTRAL_OPTIONS[name]:
                raise Unsupported("the launch option %s=%r" % (name, value))
    except Unsupported as e:
        spec.unsupported = str(e)
    return spec
