"""Which file tritonc reads for a kernel, and where it looks for the modules
that file imports.

tritonc reads the kernel's own, unchanged file when that file still holds
the source Triton compiles (`JITFunction.src`). A kernel whose source was
rewritten at run time (`fn._unsafe_update_src`, string templates) is written
out as a copy of its file with the function's text replaced, beside no
package: its relative imports are then found through the package root
given with `-I`.
"""
import hashlib
import inspect
import os
import re
import textwrap
import threading
from dataclasses import dataclass, field

from .signature import Unsupported


@dataclass
class KernelSource:
    path: str
    include_dirs: list = field(default_factory=list)
    rewritten: bool = False
    host_values: list = field(default_factory=list)  # `--host-value NAME=VALUE` arguments


# tritonc's two refusals of such names: used in their own module, and
# imported from another.
_MODULE_LEVEL = re.compile(r"^(?P<path>.*?):\d+:\d+: error: module-level `(?P<name>\w+)` must be a compile-time constant")
_HOST_ONLY = re.compile(r"error: `(?P<name>\w+)` is bound by .* at line \d+ of `(?P<path>[^`]+)`, host code")
# tritonc's warning that it took a branch of a module-level `if` only Python
# decides, naming what decides it.
_HOST_CONDITION = re.compile(r"^(?P<path>.*?):\d+:\d+: warning: `\w+` is bound under this condition, which only "
                             r"Python decides; tritonc took the `\w+` branch; give (?P<names>.*?) with `--host-value`",
                             re.M)


def _module_at(path):
    import sys
    return next((mod for mod in list(sys.modules.values())
                 if os.path.abspath(getattr(mod, "__file__", None) or "") == path), None)


def _literal_text(value):
    """A Python value as `--host-value` writes it, or None."""
    value = getattr(value, "value", value) if type(value).__name__ == "constexpr" else value
    if value is None or isinstance(value, (int, float)):  # bools too
        return repr(value)
    if isinstance(value, str):
        quote = '"' if '"' not in value else "'" if "'" not in value else None
        if quote is None or "\n" in value:
            return None
        return quote + value + quote
    return None


def host_condition_values(stderr, source):
    """The `--host-value`s that decide the module-level conditions tritonc
    had to assume a branch of (its HostCondition warnings), as this process
    has them: bare names, since the condition reads them through imports.
    Only those not given yet."""
    out = []
    for m in _HOST_CONDITION.finditer(stderr or ""):
        module = _module_at(os.path.abspath(m.group("path")))
        for name in re.findall(r"`(\w+)`", m.group("names")):
            text = _literal_text(getattr(module, name)) if module is not None and hasattr(module, name) else None
            given = None if text is None else "%s=%s" % (name, text)
            if given and given not in source.host_values and given not in out:
                out.append(given)
    return out


def host_value_for(diagnostic, source):
    """tritonc refused a module-level name that only Python computes (an
    inline-asm string built by a function, say): its value, as this process
    imported it, as a `--host-value` argument (a literal, or a libdevice
    function); None when there is none to give (an object, a tensor, a name
    the module does not have)."""
    m = _MODULE_LEVEL.match(diagnostic or "") or _HOST_ONLY.search(diagnostic or "")
    if not m:
        return None
    path, name = os.path.abspath(m.group("path")), m.group("name")
    module = _module_at(path)
    if module is None or not hasattr(module, name):
        return None
    value = getattr(module, name)
    text = _literal_text(value)
    if text is None:
        if callable(value) and (getattr(value, "__module__", None) or "").endswith("libdevice"):
            # A math function of a library the module chose at run time
            # (FlagGems' `tanh = tl_extra_shim.tanh`, or its `@use_tl_extra`
            # swapping libdevice's function in for the one written).
            text = "libdevice." + value.__name__
        elif _written_jit(value, path, name):
            # A decorator around `@triton.jit` kept the function as written,
            # wrapped (FlagGems' `@pointwise_dynamic`, `@libentry`).
            text = "triton.jit"
        else:
            return None
    qualified = name if path == os.path.abspath(source.path) else "%s.%s" % (module.__name__, name)
    return "%s=%s" % (qualified, text)


def _written_jit(value, path, name):
    """Whether `value` is, or wraps, the `@triton.jit` function `name` that
    `path` defines: the object a decorator returned, followed through the
    attributes wrappers keep their function in."""
    for _ in range(4):
        if value is None:
            return False
        if type(value).__name__ == "JITFunction":
            code = getattr(getattr(value, "fn", None), "__code__", None)
            return code is not None and code.co_name == name and os.path.abspath(code.co_filename) == path
        value = next((getattr(value, a) for a in ("fn", "_scalar_fn", "__wrapped__") if hasattr(value, a)), None)
    return False


def _package_root(path, module):
    """The folder on sys.path from which `module` was imported as `path`."""
    parts = module.split(".")
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.splitext(os.path.basename(path))[0] == "__init__":
        parts = parts + ["__init__"]
    for _ in parts[:-1]:
        folder = os.path.dirname(folder)
    return folder


def _imported_roots(fn):
    """The sys.path folders of the packages the kernel's module imported: a
    module generated into a cache folder (FlagGems' pointwise kernels)
    imports `flag_gems.utils` from elsewhere."""
    import sys
    roots = []
    for value in list(getattr(fn, "__globals__", {}).values()):
        try:
            name = value.__name__ if inspect.ismodule(value) else getattr(value, "__module__", None)
        except Exception:  # an object whose attributes run code
            continue
        if not isinstance(name, str):
            continue
        top = sys.modules.get(name.split(".")[0])
        top_file = getattr(top, "__file__", None)
        if not top_file or top.__name__ in ("triton", "torch", "numpy", "builtins"):
            continue
        root = _package_root(top_file, top.__name__)
        if root not in roots:
            roots.append(root)
    return roots


def _extra_include_dirs():
    return [d for d in os.environ.get("TRITON_DROPIN_INCLUDE", "").split(os.pathsep) if d]


def locate(jit_fn, scratch_dir):
    fn = jit_fn.fn
    try:
        path = inspect.getsourcefile(fn)
    except TypeError:
        path = None
    if not path or not os.path.isfile(path):
        raise Unsupported("the kernel has no source file (built from a string?)")
    if fn.__qualname__ != fn.__name__:
        raise Unsupported("the kernel is defined inside %s, not at the top level of its file"
                          % fn.__qualname__.rsplit(".", 1)[0])
    with open(path, encoding="utf-8") as f:
        text = f.read()
    includes = []
    module = getattr(fn, "__module__", "") or ""
    if module and module != "__main__":
        includes.append(_package_root(path, module))
    includes += [d for d in _imported_roots(fn) if d not in includes]
    includes += _extra_include_dirs()
    current = jit_fn.src
    original = _definition_text(jit_fn)
    injected = _injected_imports(fn, current, text)
    if current in text and not injected:
        return KernelSource(path, includes)
    if current in text:
        rewritten = text
    elif original is None or original not in text:
        raise Unsupported("the kernel's source is not in %s as Triton compiles it" % path)
    else:
        rewritten = text.replace(original, current, 1)
    rewritten += "".join(injected)
    digest = hashlib.sha256(rewritten.encode()).hexdigest()[:16]
    out_dir = os.path.join(scratch_dir, "rewritten", digest)
    os.makedirs(out_dir, exist_ok=True)
    out = os.path.join(out_dir, os.path.basename(path))
    if not os.path.exists(out):
        # Threads and processes launching the same kernel at once (FlagGems'
        # multithreaded test) each write their own file; the last rename wins
        # with identical text.
        tmp = "%s.%d.%d.tmp" % (out, os.getpid(), threading.get_ident())
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(rewritten)
        os.replace(tmp, out)
    return KernelSource(out, [os.path.dirname(path)] + includes, rewritten=True)


def _binds_at_top_level(name, text):
    """Whether the file's text defines or imports `name` at module level
    (outside strings: FlagGems quotes the scalar function's source in a
    docstring of the generated file)."""
    text = re.sub(r'"""(.|\n)*?"""|\'\'\'(.|\n)*?\'\'\'', "", text)
    word = re.escape(name)
    return re.search(r"^(def|class)\s+%s\b|^%s\s*(:[^=]*)?=|^(from\s+\S+\s+)?import\s.*\b%s\b" % (word, word, word),
                     text, re.M) is not None


def _defined_at_top_level(inner, module):
    """Whether `inner` is a function its module's file defines at top level
    under its own name, which tritonc then finds by importing it (the
    module's attribute may be a wrapper, as FlagGems' @pointwise_dynamic)."""
    if module is None or inner.__qualname__ != inner.__name__:
        return False
    try:
        path = inspect.getsourcefile(inner)
    except TypeError:
        return False
    if not path or os.path.abspath(path) != os.path.abspath(getattr(module, "__file__", "") or ""):
        return False
    with open(path, encoding="utf-8") as f:
        return _binds_at_top_level(inner.__name__, f.read())


def _injected_imports(fn, kernel_src, text):
    """Definitions for the @triton.jit functions the kernel calls that its
    module's globals hold but its file does not bind: FlagGems' generated
    pointwise kernels call a scalar function it copies into the module
    after loading the file. One defined at the top level of a module is
    imported from there; one defined inside a function (a test's own
    scalar function) is written out from its source, when it captures no
    variables of the function around it."""
    import sys
    lines = []
    for name in sorted(set(re.findall(r"\b[A-Za-z_]\w*\b", kernel_src))):
        value = getattr(fn, "__globals__", {}).get(name)
        inner = getattr(value, "fn", None)
        module = getattr(inner, "__module__", None)
        if inner is None or not callable(inner) or not hasattr(value, "src") or not module:
            continue
        if _binds_at_top_level(name, text):
            continue
        if _defined_at_top_level(inner, sys.modules.get(module)):
            lines.append("\nfrom %s import %s as %s\n" % (module, inner.__name__, name))
            continue
        captured = getattr(getattr(inner, "__code__", None), "co_freevars", ())
        if captured:
            raise Unsupported("the kernel calls `%s`, defined inside %s, which captures %s from around it"
                              % (name, inner.__qualname__.rsplit(".", 1)[0], ", ".join(captured)))
        lines.append("\n\n@triton.jit\n%s\n" % _renamed(textwrap.dedent(value.src), inner.__name__, name))
    return lines


def _renamed(src, old, new):
    """A function's source from `def` on, defining it as `new`."""
    return src if old == new else re.sub(r"^def\s+%s\b" % re.escape(old), "def " + new, src, count=1)


def _definition_text(jit_fn):
    """The function as first read from its file, from `def` on: the text
    Triton's `src` started as."""
    raw = getattr(jit_fn, "raw_src", None)
    if not raw:
        return None
    src = textwrap.dedent("".join(raw))
    start = src.find("def ")
    return src[start:] if start >= 0 else None
