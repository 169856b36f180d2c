"""Compare mode's copies and checks.

Triton runs on copies of the arguments and tritonc on the originals, so the
program goes on with tritonc's results. Copies are made per storage, not per
tensor: arguments that are views of one buffer (q, k and v sliced from one
qkv tensor) stay views of one copied buffer, at the same offsets, so a kernel
that writes one and reads another sees what it would have seen, and every
pointer keeps its alignment (hence its specialisation).
"""
import copy
from dataclasses import dataclass

# Relative tolerance per dtype. For the narrow floats about two units in the
# last place: the two compilers may round an intermediate differently (fma
# contraction), and the output rounding can then differ by one ulp. fp32 is
# looser than its ulp, to let a different reduction order through.
_RTOL = {"float64": 1e-9, "float32": 1e-4, "float16": 2e-3, "bfloat16": 1.6e-2,
         "float8_e4m3fn": 0.13, "float8_e5m2": 0.26, "float8_e4m3fnuz": 0.13, "float8_e5m2fnuz": 0.26}
_ATOL = 1e-5
_UNSIGNED = {}


def _is_tensor(x):
    return hasattr(x, "data_ptr") and hasattr(x, "untyped_storage")


def _is_descriptor(x):
    return hasattr(x, "base") and hasattr(x, "block_shape") and _is_tensor(getattr(x, "base", None))


class Copier:
    def __init__(self):
        import torch
        self.torch = torch
        self.storages = {}
        self.pairs = []  # (name, original tensor, copy)

    def tensor(self, name, t):
        if not isinstance(t, self.torch.Tensor):
            view = self._view(t)
            if view is None:
                return t  # a bare pointer (FlagGems' TypedPtr): passed through, not compared
            t = view
        st = t.untyped_storage()
        key = (st.data_ptr(), t.device)
        if key not in self.storages:
            self.storages[key] = st.clone()
        dup = self.torch.empty(0, dtype=t.dtype, device=t.device)
        dup.set_(self.storages[key], t.storage_offset(), t.size(), t.stride())
        self.pairs.append((name, t, dup))
        return dup

    def _view(self, t):
        """A tensor-like wrapper (FlagGems' StridedBuffer: a dtype, shape,
        strides and a data pointer inside a tensor's storage) as a torch view
        of that storage, to copy and compare; None for what has no shape."""
        try:
            storage = t.untyped_storage()
            offset_bytes = t.data_ptr() - storage.data_ptr()
            size = self.torch.empty(0, dtype=t.dtype).element_size()
            if not isinstance(storage, self.torch.UntypedStorage) or offset_bytes % size:
                return None
            view = self.torch.empty(0, dtype=t.dtype, device=t.device)
            view.set_(storage, offset_bytes // size, tuple(t.shape), tuple(t.stride()))
            return view
        except (AttributeError, TypeError, RuntimeError):
            return None

    def value(self, name, x):
        if _is_tensor(x):
            return self.tensor(name, x)
        if _is_descriptor(x):
            dup = copy.copy(x)
            dup.base = self.tensor(name, x.base)
            return dup
        if isinstance(x, tuple) and not hasattr(x, "_fields"):
            return tuple(self.value("%s[%d]" % (name, i), v) for i, v in enumerate(x))
        return x


@dataclass
class Mismatch:
    argument: str
    index: tuple
    tritonc: object
    triton: object
    count: int
    numel: int
    max_abs: float

    def line(self):
        return ("%s differs at %s: tritonc %s, Triton %s (%d of %d elements, max |diff| %.3g)"
                % (self.argument, list(self.index), self.tritonc, self.triton, self.count, self.numel,
                   self.max_abs))


def differences(name, ours, ref):
    """The first element where `ours` (tritonc) and `ref` (Triton) differ
    beyond the tolerance of their dtype, or None. Integers and bools must be
    equal; floats within rtol (plus a small absolute floor, scaled by the
    tensor's magnitude, for results that cancel to near zero); NaN equals
    NaN and an infinity equals only itself."""
    import torch
    _UNSIGNED.update({"uint16": torch.int16, "uint32": torch.int32, "uint64": torch.int64})
    if ours.numel() == 0:
        return None
    if _aten_overridden(torch):
        ours, ref = _on_host(ours), _on_host(ref)
    dname = str(ours.dtype).split(".")[-1]
    if ours.is_floating_point():
        a, b = ours.double(), ref.double()
        same = _within_tolerance(a, b, dname)
    elif ours.is_complex():
        same = torch.isclose(ours, ref, equal_nan=True)
        a, b = ours, ref
    else:
        if dname in _UNSIGNED:
            # CUDA kernels for == are missing for some unsigned dtypes.
            ours, ref = ours.view(_UNSIGNED[dname]), ref.view(_UNSIGNED[dname])
        same = ours == ref
        a, b = ours, ref
    bad = ~same
    count = int(bad.sum().item())
    if count == 0:
        return None
    flat = bad.reshape(-1).nonzero()[0].item()
    index = tuple(int(i) for i in _unravel(flat, tuple(ours.shape)))
    diff = (a.double() - b.double()).abs() if not ours.is_complex() else (a - b).abs()
    max_abs = diff[bad].max().item() if ours.is_floating_point() or ours.is_complex() else float(
        diff[bad].max().item())
    return Mismatch(name, index, _item(ours[index]), _item(ref[index]), count, ours.numel(), max_abs)


def _within_tolerance(a, b, dname):
    """Where float64 copies `a` (tritonc) and `b` (Triton) of a `dname`
    buffer agree within its dtype's tolerance (differences' rule)."""
    import torch
    rtol = _RTOL.get(dname, 1e-4)
    scale = b.abs().nan_to_num(0.0, 0.0, 0.0).max().item()
    atol = _ATOL + rtol * 1e-2 * scale
    return torch.isclose(a, b, rtol=rtol, atol=atol, equal_nan=True) | (a == b)


def _aten_overridden(torch):
    """Whether Python code has registered its own kernels for torch's
    operators (torch.library; FlagGems' use_gems() does, for the CUDA ones).
    Unknown (an older or newer torch without that registry) counts as yes."""
    impls = getattr(getattr(torch, "library", None), "_impls", None)
    return impls is None or any(key.startswith("aten/") for key in impls)


def _on_host(t):
    """`t` on the CPU, copied storage and all: the comparison then runs no
    CUDA operator. A code base may replace torch's CUDA operators with its
    own Triton kernels (FlagGems' use_gems()), and the launch being compared
    may hold that code base's lock (FlagGems' libentry): a CUDA `.double()`
    here would launch its kernel and wait on that lock forever. A storage
    copy is a plain memory copy, which no code base overrides."""
    import torch
    if t.device.type == "cpu":
        return t
    host = torch.empty(0, dtype=t.dtype)
    host.set_(t.untyped_storage().cpu(), t.storage_offset(), t.size(), t.stride())
    return host


def _unravel(flat, shape):
    out = []
    for dim in reversed(shape):
        out.append(flat % dim)
        flat //= dim
    return reversed(out)


def _item(t):
    v = t.item()
    return round(v, 7) if isinstance(v, float) else v


_NARROW_FLOATS = ("float16", "bfloat16")


class WideCopier:
    """Copies of a launch's arguments with every fp16/bf16 buffer widened
    to fp32, for a third run under Triton with exact fp32 dots: a reference
    more precise than either compiler's narrow result, to say which of two
    differing results is nearer the value (TRITON_DROPIN_VERDICT=1). A
    buffer is widened per storage, as Copier copies, so views of one buffer
    stay views of one widened buffer; a storage viewed through two dtypes
    cannot be widened, and the verdict is then not given."""

    def __init__(self):
        import torch
        self.torch = torch
        self.storages = {}
        self.by_name = {}
        self.usable = True

    def value(self, name, x):
        if _is_tensor(x) and isinstance(x, self.torch.Tensor):
            return self._tensor(name, x)
        if isinstance(x, tuple) and not hasattr(x, "_fields"):
            return tuple(self.value("%s[%d]" % (name, i), v) for i, v in enumerate(x))
        if _is_tensor(x) or _is_descriptor(x):
            self.usable = False  # a wrapper or descriptor: its base is not widened here
        return x

    def _tensor(self, name, t):
        torch = self.torch
        narrow = str(t.dtype).split(".")[-1] in _NARROW_FLOATS
        st = t.untyped_storage()
        key = (st.data_ptr(), t.device)
        if key not in self.storages:
            if narrow:
                flat = torch.empty(0, dtype=t.dtype, device=t.device)
                flat.set_(st, 0, (st.nbytes() // t.element_size(),), (1,))
                self.storages[key] = (t.dtype, flat.float().untyped_storage())
            else:
                self.storages[key] = (t.dtype, st.clone())
        dtype, copied = self.storages[key]
        if dtype != t.dtype:
            self.usable = False
            return t
        wide = torch.empty(0, dtype=torch.float32 if narrow else t.dtype, device=t.device)
        wide.set_(copied, t.storage_offset(), t.size(), t.stride())
        self.by_name[name] = wide
        return wide


def verdict(mismatch, ours, ref, wide):
    """Over the elements where tritonc (`ours`) and Triton (`ref`) differ
    beyond tolerance, how often each is nearer the widened run's value, and
    their mean distances from it: one line for the report."""
    a, b, w = _on_host(ours).double(), _on_host(ref).double(), _on_host(wide).double()
    bad = ~_within_tolerance(a, b, str(ours.dtype).split(".")[-1])
    ea, eb = (a - w)[bad].abs(), (b - w)[bad].abs()
    return ("%s against the fp32 reference (verdict) on its %d differing elements: tritonc nearer on %d, Triton on %d, "
            "as near on %d; mean distance tritonc %.3g, Triton %.3g"
            % (mismatch.argument, int(bad.sum().item()), int((ea < eb).sum().item()), int((eb < ea).sum().item()),
               int((ea == eb).sum().item()), ea.mean().item(), eb.mean().item()))
