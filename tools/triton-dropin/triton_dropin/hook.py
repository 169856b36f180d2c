"""The launch hook: every `JITFunction.run` that would launch a kernel is
served by tritonc's code instead (replace), beside Triton's on copies of the
arguments (compare), or only recorded (capture).

`@triton.autotune` and `@triton.heuristics` end in `JITFunction.run`, so
they need nothing of their own, except that the autotuner's timing runs go
to Triton untouched: its choice of configuration is Triton's, and the
drop-in serves the launch made with it.
"""
import atexit
import hashlib
import json
import os
import shlex
import signal
import sys
import threading
import time

from . import bounded_build, report
from .signature import Unsupported, derive, params_of

MODES = ("replace", "compare", "capture", "time")


class _Plan:
    """How launches of one specialisation are served."""

    def __init__(self, status, reason="", compiled=None, host_values=()):
        self.status = status  # "tritonc" or "fallback"
        self.reason = reason
        self.compiled = compiled
        self.host_values = list(host_values)  # the `--host-value`s it compiled with
        self.checked_binder = False


class State:
    def __init__(self, mode):
        self.mode = mode
        self.local = threading.local()
        self.plans = {}
        self.captured = set()
        self.records = report.Records()
        self.tritonc = None
        self.driver = None
        self.arch = None
        self.cache_dir = os.environ.get("TRITON_DROPIN_CACHE") or os.path.join(
            os.path.expanduser("~"), ".cache", "triton-dropin")
        self.capture_dir = os.environ.get("TRITON_DROPIN_CAPTURE_DIR") or (
            os.path.join(os.getcwd(), "triton-dropin-capture") if mode == "capture" else "")
        self.capture_root = os.environ.get("TRITON_DROPIN_CAPTURE_ROOT", "")
        self.last_write = time.monotonic()
        self.timing = False  # inside `time` mode's measurement of a launch

    @property
    def bypass(self):
        return getattr(self.local, "bypass", 0) > 0

    def device_setup(self):
        if self.tritonc is None:
            import torch
            from .compiler import Tritonc, arch_of
            from .cuda import Driver
            self.arch = os.environ.get("TRITON_DROPIN_ARCH") or arch_of(torch.cuda.get_device_capability())
            self.tritonc = Tritonc(self.cache_dir, self.arch)
            self.driver = Driver()


_state = None
_original = {}


def install(mode=None):
    """Patches Triton's launch path; idempotent."""
    global _state
    if _state is not None:
        return _state
    mode = mode or os.environ.get("TRITON_DROPIN_MODE", "compare")
    if mode not in MODES:
        raise ValueError("TRITON_DROPIN_MODE must be one of %s, not %r" % ("|".join(MODES), mode))
    from triton.runtime import autotuner, jit
    _state = State(mode)
    _original["run"] = jit.JITFunction.run
    _original["bench"] = autotuner.Autotuner._bench

    def run(self, *args, grid, warmup, **kwargs):
        return _serve(self, args, grid, warmup, kwargs)

    def bench(self, *args, **kwargs):
        _state.local.bypass = getattr(_state.local, "bypass", 0) + 1
        try:
            return _original["bench"](self, *args, **kwargs)
        finally:
            _state.local.bypass -= 1

    jit.JITFunction.run = run
    autotuner.Autotuner._bench = bench
    if os.environ.get("TRITON_DROPIN_BENCHMARKS") == "off":
        # Scripts such as Triton's tutorials check their results and then
        # sweep `perf_report` benchmarks; as a correctness run, only the check.
        import triton.testing
        triton.testing.Mark.run = lambda self, *args, **kwargs: None
    atexit.register(finish)
    if threading.current_thread() is threading.main_thread() and signal.getsignal(signal.SIGTERM) == signal.SIG_DFL:
        # A time-boxed run (`timeout`) still leaves its report behind, and
        # says where it was: faulthandler prints every thread's stack at
        # once (even inside a C call), then hands the signal on to the
        # handler that writes the report at the next Python instruction.
        def on_term(signum, frame):
            finish()
            os._exit(128 + signum)
        signal.signal(signal.SIGTERM, on_term)
        import faulthandler
        try:
            faulthandler.register(signal.SIGTERM, all_threads=True, chain=True)
        except (AttributeError, ValueError, OSError, RuntimeError):  # no usable stderr (captured, a notebook)
            pass
    return _state


def write_report():
    path = os.environ.get("TRITON_DROPIN_REPORT")
    if path and _state is not None:
        with open(path + ".tmp", "w") as f:
            json.dump(_state.records.to_json(_state.mode, _state.arch), f, indent=1, default=str)
        os.replace(path + ".tmp", path)
        _state.last_write = time.monotonic()


def finish():
    """Prints the per-kernel summary and writes the JSON report, once."""
    if _state is None or _state.records.finished:
        return
    _state.records.finished = True
    print(_state.records.table(_state.mode), file=sys.stderr)
    write_report()


def set_current_test(nodeid):
    if _state is not None:
        _state.records.current_test = nodeid


def record_test_outcome(nodeid, when, outcome, failure=None):
    if _state is not None:
        _state.records.test_outcome(nodeid, when, outcome, failure)
        # A run killed mid-way (a time box, a crash) keeps what it measured.
        if when == "teardown" and time.monotonic() - _state.last_write > 5:
            write_report()


def _triton(jit_fn, args, grid, warmup, kwargs):
    return _original["run"](jit_fn, *args, grid=grid, warmup=warmup, **kwargs)


def _serve(jit_fn, args, grid, warmup, kwargs):
    st = _state
    if warmup or st.bypass or (hasattr(jit_fn, "is_gluon") and jit_fn.is_gluon()):
        return _triton(jit_fn, args, grid, warmup, kwargs)
    rec = st.records.kernel(jit_fn)
    try:
        params = params_of(jit_fn)
        spec = derive(jit_fn, args, kwargs, params)
    except TypeError:
        # The call does not bind: let Triton raise its own error.
        return _triton(jit_fn, args, grid, warmup, kwargs)
    if st.mode == "capture":
        if st.capture_dir and not spec.unsupported:
            _capture(jit_fn, spec)
        rec.launch("triton")
        return _triton(jit_fn, args, grid, warmup, kwargs)

    plan = _plan(jit_fn, spec, rec)
    if st.capture_dir and not spec.unsupported:
        _capture(jit_fn, spec, plan.host_values)
    launch = None
    if plan.status == "tritonc":
        try:
            launch = _prepare(jit_fn, plan, spec, grid)
        except Exception as e:  # a launch tritonc's promises or the drop-in cannot serve
            rec.fallback_reason(spec, "launch not served: %s" % e)
    if launch is None:
        rec.launch("fallback")
        return _triton(jit_fn, args, grid, warmup, kwargs)

    result = None
    copier = wide = None
    if (st.mode == "time" and not st.timing
            and rec.timed_count(spec) < int(os.environ.get("TRITON_DROPIN_TIME_LAUNCHES", "3"))):
        # A launch made while another is being timed is only served: torch's
        # graph capture fills its RNG state tensors with `fill_`, which a code
        # base may serve with its own Triton kernel (FlagGems) whose timing
        # would capture a graph again, inside the first, under the same lock.
        st.timing = True
        try:
            result = _time(jit_fn, args, grid, kwargs, params, plan, spec, rec)
        finally:
            st.timing = False
    if st.mode == "compare":
        from .compare import Copier
        if not plan.checked_binder:
            plan.checked_binder = True
            _check_binder(jit_fn, args, kwargs, spec, rec)
        copier = Copier()
        cargs, ckwargs = _copied(copier, jit_fn, args, kwargs)
        result = _triton(jit_fn, cargs, grid, warmup, ckwargs)
        if (os.environ.get("TRITON_DROPIN_VERDICT") == "1" and not getattr(plan, "verdict_failed", False)
                and rec.notes_containing(spec, _VERDICT_MARK) < 4):
            from .compare import WideCopier
            wide = WideCopier()
            wargs, wkwargs = _copied(wide, jit_fn, args, kwargs)
    for hook in getattr(jit_fn, "pre_run_hooks", []):
        hook(*args, **kwargs)
    launch()
    rec.launch("tritonc")
    if copier is not None:
        from .compare import differences
        bad = []
        for name, ours, ref in copier.pairs:
            try:
                m = differences(name, ours, ref)
            except RuntimeError as e:  # a dtype torch cannot compare on the GPU
                rec.note(spec, "%s not compared: %s" % (name, str(e).splitlines()[0]))
                continue
            if m is not None:
                bad.append(m)
        rec.compared(spec, bad)
        if bad and wide is not None and wide.usable:
            _give_verdicts(jit_fn, grid, wide, wargs, wkwargs, copier, bad, spec, rec, plan)
        if bad and os.environ.get("TRITON_DROPIN_DUMP_DIR"):
            _dump_ptx(plan, spec, result)
    names = set(jit_fn.signature.parameters)
    return ServedKernel(jit_fn, {k: v for k, v in kwargs.items() if k not in names}, result)


def _copied(copier, jit_fn, args, kwargs):
    """The launch's arguments through `copier`, each named by its parameter."""
    names = list(jit_fn.signature.parameters)
    return ([copier.value(names[i] if i < len(names) else "arg%d" % i, a) for i, a in enumerate(args)],
            {k: copier.value(k, v) for k, v in kwargs.items()})


def _first_line(e):
    return (str(e).splitlines() or [type(e).__name__])[0][:200]


_VERDICT_MARK = "against the fp32 reference"


def _give_verdicts(jit_fn, grid, wide, wargs, wkwargs, copier, mismatches, spec, rec, plan):
    """For each buffer the compilers disagree on, which of them is nearer a
    third run under Triton on fp32-widened copies of the launch's inputs
    with exact fp32 dots (compare.WideCopier), noted on the report."""
    import torch
    from .compare import verdict
    # Exact dots asked as a launch option too: options are part of Triton's
    # cache key, so the widened build neither reuses a tf32 build of the
    # same specialisation nor serves later fp32 launches of the program.
    if "default_dot_input_precision" not in jit_fn.signature.parameters:
        wkwargs = dict(wkwargs, default_dot_input_precision="ieee")
    # Built first in a child under a time limit: exact dots over large tiles
    # can take Triton minutes to build, and a build in this process cannot
    # be stopped (bounded_build).
    if not getattr(plan, "verdict_build_tried", False):
        seconds = float(os.environ.get("TRITON_DROPIN_VERDICT_BUILD_S", "120"))
        if bounded_build.build(jit_fn, wargs, wkwargs, {"TRITON_F32_DEFAULT": "ieee"}, seconds) == "timeout":
            rec.note(spec, "no verdict: Triton's build of the widened kernel took over %g s and was abandoned" % seconds)
            plan.verdict_failed = True
            return
        plan.verdict_build_tried = True
    saved = os.environ.get("TRITON_F32_DEFAULT")
    os.environ["TRITON_F32_DEFAULT"] = "ieee"
    try:
        _triton(jit_fn, wargs, grid, False, wkwargs)
        torch.cuda.synchronize()
    except Exception as e:  # the kernel does not accept fp32 where it had fp16 (a dtype check, a mixed dot)
        rec.note(spec, "no verdict: the widened launch failed: %s" % _first_line(e))
        plan.verdict_failed = True  # not tried (and compiled) again for every mismatching launch
        return
    finally:
        if saved is None:
            del os.environ["TRITON_F32_DEFAULT"]
        else:
            os.environ["TRITON_F32_DEFAULT"] = saved
    pairs = {name: (ours, ref) for name, ours, ref in copier.pairs}
    for m in mismatches:
        if m.argument in pairs and m.argument in wide.by_name and pairs[m.argument][0].is_floating_point():
            try:
                rec.note(spec, verdict(m, *pairs[m.argument], wide.by_name[m.argument]))
            except Exception as e:  # a verdict is a diagnosis: it never stops the program
                rec.note(spec, "no verdict for %s: %s" % (m.argument, _first_line(e)))


class ServedKernel:
    """What a launch served by tritonc returns. Code that keeps the launch's
    kernel and launches it again itself, `kernel[grid](*all_arguments)` as
    FlagGems' libentry does, launches through the drop-in again with the
    first launch's options; attributes (`metadata`, `asm`, `n_regs`) are
    Triton's kernel's in compare mode."""

    def __init__(self, jit_fn, options, triton_kernel):
        self._jit_fn = jit_fn
        self._options = options
        self._triton_kernel = triton_kernel

    def __getitem__(self, grid):
        def launch(*args, **ignored):  # `stream=`: the drop-in launches on torch's current stream
            return _serve(self._jit_fn, args, grid, False, dict(self._options))
        return launch

    def __getattr__(self, name):
        kernel = self.__dict__.get("_triton_kernel")
        if kernel is None:
            raise AttributeError("%s (tritonc served this launch; replace mode keeps no Triton kernel)" % name)
        return getattr(kernel, name)


def _dump_ptx(plan, spec, triton_kernel):
    """Both compilers' PTX of a specialisation whose launch mismatched (or,
    in time mode, ran below 0.97x Triton's speed), once, into
    TRITON_DROPIN_DUMP_DIR (<kernel>.<hash>.triton.ptx / .tritonc.ptx),
    to read side by side."""
    import subprocess
    if getattr(plan, "dumped", False) or getattr(plan, "source", None) is None:
        return
    plan.dumped = True
    out = os.environ["TRITON_DROPIN_DUMP_DIR"]
    os.makedirs(out, exist_ok=True)
    stem = os.path.join(out, "%s.%s" % (spec.kernel, hashlib.sha1(spec.signature.encode()).hexdigest()[:10]))
    try:
        with open(stem + ".triton.ptx", "w") as f:
            f.write(triton_kernel.asm["ptx"])
    except Exception as e:  # no Triton kernel at hand (a relaunch), or no PTX in it
        with open(stem + ".triton.ptx", "w") as f:
            f.write("// not available: %s\n" % e)
    tc = _state.tritonc
    cmd = tc.command(plan.source, spec, stem + ".tritonc.ptx")
    cmd[cmd.index("--emit") + 1] = "ptx"
    # The command too, so the compile can be repeated where tritonc is built.
    with open(stem + ".tritonc.cmd", "w") as f:
        f.write(shlex.join(cmd) + "\n")
        added = getattr(plan, "launched_file", "").split(".")
        if len(added) == 3:  # kernel.1.ptx: tritonc's added specialisation ran, written as .tritonc.1.ptx
            f.write("# the launch ran the specialisation tritonc added: %s.tritonc.%s.ptx\n"
                    % (os.path.basename(stem), added[1]))
    subprocess.run(cmd, capture_output=True, text=True, timeout=600)


def _plan(jit_fn, spec, rec):
    st = _state
    key = (id(jit_fn), hashlib.sha1(jit_fn.src.encode()).hexdigest()) + spec.key()
    plan = st.plans.get(key)
    if plan is not None:
        return plan
    if spec.unsupported:
        plan = _Plan("fallback", "unsupported: " + spec.unsupported)
        rec.spec_status(spec, "unsupported", plan.reason)
    else:
        try:
            from .compiler import Compiled
            from .source import host_condition_values, host_value_for, locate
            st.device_setup()
            source = locate(jit_fn, st.cache_dir)
            compiled = st.tritonc.compile(source, spec)
            # Module-level values only Python computes (a refusal names one),
            # and the names that decide a branch tritonc had to assume (a
            # HostCondition warning names them): given as this process has
            # them, until nothing new is asked.
            while len(source.host_values) < 16:
                if compiled.status == "refused":
                    given = host_value_for(compiled.diagnostic, source)
                    asked = [given] if given and given not in source.host_values else []
                else:
                    asked = host_condition_values(compiled.stderr, source) if compiled.status == "compiled" else []
                if not asked:
                    break
                source.host_values.extend(asked)
                compiled = st.tritonc.compile(source, spec)
            if compiled.status == "compiled" and "[HostCondition]" in compiled.stderr:
                # A branch still assumed is code Python may not run.
                compiled = Compiled("refused", next(l for l in compiled.stderr.splitlines() if "[HostCondition]" in l))
            if compiled.status == "compiled":
                plan = _Plan("tritonc", compiled=compiled, host_values=source.host_values)
                plan.source = source
                rec.spec_status(spec, "compiled", "", compiled.seconds)
            else:
                plan = _Plan("fallback", compiled.diagnostic)
                rec.spec_status(spec, compiled.status, compiled.diagnostic, compiled.seconds)
        except Unsupported as e:
            plan = _Plan("fallback", "unsupported: %s" % e)
            rec.spec_status(spec, "unsupported", plan.reason)
    st.plans[key] = plan
    return plan


def _param_values(metadata, bound):
    """Kernel parameter name -> value, host tensor descriptors expanded into
    the scalars tritonc made of them, tuples into their elements."""
    values = {}

    def put(name, v):
        if hasattr(v, "data_ptr"):
            values[name] = v.data_ptr()
        elif isinstance(v, (bool, int, float)):
            values[name] = v
    for name, v in bound.items():
        put(name, v)
    for group in metadata.get("tuples", []):
        for element, v in zip(group["elements"], bound[group["name"]]):
            put(element, v)
    for group in metadata.get("tensor_descriptors", []):
        desc = bound[group["name"]]
        rank = len(desc.shape)
        if int(desc.strides[-1]) != 1:
            raise Unsupported("descriptor %s has a last stride of %s" % (group["name"], desc.strides[-1]))
        names = group["params"]
        values[names[0]] = desc.base.data_ptr()
        for i in range(rank):
            values[names[1 + i]] = int(desc.shape[i])
        for i in range(rank - 1):
            values[names[1 + rank + i]] = int(desc.strides[i])
    return values


def _specialisation_for(compiled, values):
    """The metadata and image to launch for these values: as the launcher
    header does, the first of the metadata's specialisations (strongest
    promises first) whose hints they keep; tritonc adds one under stronger
    alignment promises than Triton's key makes (a stride of 1000 halves)."""
    meta = compiled.metadata
    for s in meta.get("specialisations", []):
        asked_for = s["signature"] == meta["signature"]
        if not asked_for and s["file"] not in (compiled.images or {}):
            continue
        try:
            _check_hints(s, values)
        except Unsupported:
            continue
        image = compiled.image if asked_for else compiled.images[s["file"]]
        return dict(meta, params=s["params"], shared_bytes=s["shared_bytes"],
                    tensor_maps=s.get("tensor_maps", []), file=s["file"]), image
    return meta, compiled.image


def _check_hints(metadata, values):
    """The launcher header's checks: each `:N` hint must hold for this call
    (pointers in bytes, integers by value; `:1` is equality)."""
    for p in metadata["params"]:
        ty = p["type"]
        if ":" not in ty:
            continue
        n = int(ty.rsplit(":", 1)[1])
        v = int(values[p["name"]])
        if (n == 1 and v != 1) or (n > 1 and v % n):
            raise Unsupported("%s = %d breaks the hint %s" % (p["name"], v, ty))


def _time(jit_fn, args, grid, kwargs, params, plan, spec, rec):
    """`time` mode: Triton's kernel and tritonc's on the same copies of the
    arguments, each timed on the GPU (timing.py) twice, in the order
    Triton, tritonc, tritonc, Triton, for the first
    TRITON_DROPIN_TIME_LAUNCHES (default 3) launches of a specialisation;
    the program goes on with tritonc's launch on the originals. Returns
    Triton's compiled kernel."""
    from .compare import Copier
    from .timing import microseconds, warm_up
    copier = Copier()
    names = list(jit_fn.signature.parameters)
    cargs = [copier.value(names[i] if i < len(names) else "arg%d" % i, a) for i, a in enumerate(args)]
    ckwargs = {k: copier.value(k, v) for k, v in kwargs.items()}
    result = _triton(jit_fn, cargs, grid, False, ckwargs)
    copied = derive(jit_fn, cargs, ckwargs, params)
    try:
        # The GPU sits idle while tritonc compiles and a rested chip is not
        # at its steady speed (timing.WARM_MS), so the kernel runs for a
        # while first, then Triton's, ours, ours, Triton's, each side the
        # best of its two.
        def theirs_launch():
            return lambda: _triton(jit_fn, cargs, grid, False, ckwargs)

        def ours_launch():
            return _prepare(jit_fn, plan, copied, grid)

        warm_up(theirs_launch)
        first = microseconds(theirs_launch)
        ours = min(microseconds(ours_launch), microseconds(ours_launch))
        theirs = min(first, microseconds(theirs_launch))
    except Exception as e:  # a kernel that cannot be captured in a graph, or relaunched
        rec.note(spec, "not timed: %s" % ((str(e).splitlines() or [type(e).__name__])[0][:200]))
        rec.timed(spec, 0.0, 0.0)  # counts toward the limit; the summary skips it
        return result
    rec.timed(spec, theirs, ours)
    if os.environ.get("TRITON_DROPIN_DUMP_DIR") and ours * 0.97 > theirs:  # slower than Triton: keep both PTX
        _dump_ptx(plan, spec, result)
    return result


def _prepare(jit_fn, plan, spec, grid):
    """A closure that launches tritonc's kernel for this call; everything that
    can fail short of the launch itself fails here, before anything runs."""
    import torch
    st = _state
    meta = plan.compiled.metadata
    values = _param_values(meta, spec.values)
    _check_hints(meta, values)
    meta, image = _specialisation_for(plan.compiled, values)
    plan.launched_file = meta.get("file", "")  # which specialisation ran, for _dump_ptx
    g = grid(spec.values) if callable(grid) else grid
    g = tuple(int(x) for x in g) + (1,) * (3 - len(g))
    key = hashlib.sha1(image).hexdigest()
    fn = st.driver.function(key, image, meta["entry"], meta["shared_bytes"])
    stream = torch.cuda.current_stream().cuda_stream

    def launch():
        st.driver.launch(fn, g, meta, values, stream)
    return launch


def _check_binder(jit_fn, args, kwargs, spec, rec):
    """Triton's own binder on the same call, compared with the derivation
    (compare mode, once per specialisation): a disagreement is recorded."""
    try:
        from triton.runtime.driver import driver
        device = driver.active.get_current_device()
        binder = jit_fn.device_caches[device][-1]  # Triton 3.6: (..., backend, binder)
        _, theirs, _ = binder(*args, **kwargs)
    except Exception:
        return
    ours = spec.kinds
    if len(theirs) != len(ours):
        return
    for p, a, b in zip(jit_fn.params, ours, theirs):
        if tuple(a[:1]) != tuple(b[:1]) or (a[0] != "constexpr" and a[1] != b[1]):
            rec.note(spec, "signature differs from Triton's binder at %s: ours %r, Triton's %r" % (p.name, a, b))


def _capture(jit_fn, spec, host_values=()):
    st = _state
    ident = (id(jit_fn), jit_fn.src) + spec.key()
    if ident in st.captured:
        return
    st.captured.add(ident)
    try:
        from .source import locate
        source = locate(jit_fn, st.cache_dir)
    except Unsupported:
        return
    rel = lambda p: os.path.relpath(p, st.capture_root) if st.capture_root and os.path.abspath(p).startswith(
        os.path.abspath(st.capture_root) + os.sep) else os.path.abspath(p)
    entry = {
        "file": rel(source.path), "module": jit_fn.fn.__module__, "kernel": spec.kernel,
        "signature": spec.signature, "num_warps": spec.num_warps, "num_stages": spec.num_stages,
        "maxnreg": spec.maxnreg, "fp32_default": spec.fp32_default, "arch": st.arch or _arch_now(),
        "include_dirs": [rel(d) for d in source.include_dirs],
    }
    if host_values:
        entry["host_values"] = list(host_values)
    if source.rewritten:
        with open(source.path, encoding="utf-8") as f:
            entry["source_text"] = f.read()
        entry["file"] = rel(jit_fn.fn.__code__.co_filename)
    os.makedirs(st.capture_dir, exist_ok=True)
    digest = hashlib.sha256(json.dumps(entry, sort_keys=True).encode()).hexdigest()[:16]
    with open(os.path.join(st.capture_dir, "%s.%s.json" % (spec.kernel, digest)), "w") as f:
        json.dump(entry, f, indent=1)


def _arch_now():
    try:
        import torch
        from .compiler import arch_of
        return arch_of(torch.cuda.get_device_capability())
    except Exception:
        return ""
