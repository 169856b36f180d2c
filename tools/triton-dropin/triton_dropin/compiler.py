"""tritonc as a subprocess, behind an on-disk cache keyed by content.

A cache entry is keyed by the tritonc binary, the kernel file's text, the
signature, the options and the include folders; it also records the hash of
every other file tritonc read (its depfile), so editing an imported helper
recompiles. Refusals are cached too: a kernel tritonc rejects is not
recompiled on every launch or every run.
"""
import hashlib
import json
import os
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass

_file_hashes = {}


def _sha256_file(path):
    st = os.stat(path)
    key = (path, st.st_mtime_ns, st.st_size)
    if key not in _file_hashes:
        h = hashlib.sha256()
        with open(path, "rb") as f:
            for chunk in iter(lambda: f.read(1 << 20), b""):
                h.update(chunk)
        _file_hashes[key] = h.hexdigest()
    return _file_hashes[key]


def find_tritonc():
    explicit = os.environ.get("TRITONC")
    if explicit:
        return explicit
    found = shutil.which("tritonc")
    if found:
        return found
    here = os.path.dirname(os.path.abspath(__file__))
    built = os.path.normpath(os.path.join(here, "..", "..", "..", "build", "tritonc"))
    return built if os.path.exists(built) else "tritonc"


def find_ptxas():
    cuda = os.environ.get("CUDA_HOME", "/usr/local/cuda")
    for candidate in (shutil.which("ptxas"), os.path.join(cuda, "bin", "ptxas")):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


def find_libdevice():
    """Triton's own libdevice.10.bc, which tritonc then links instead of the
    CUDA toolkit's: the two differ in the last bits of some functions (erf,
    asinh, atan, atan2, pow under CUDA 13), and a comparison with Triton
    must link what Triton links. TRITON_DROPIN_LIBDEVICE names another file,
    or, set empty, keeps tritonc's default."""
    given = os.environ.get("TRITON_DROPIN_LIBDEVICE")
    if given is not None:
        return given or None
    try:
        import triton
    except ImportError:
        return None
    path = os.path.join(os.path.dirname(triton.__file__), "backends", "nvidia", "lib", "libdevice.10.bc")
    return path if os.path.exists(path) else None


def arch_of(capability):
    major, minor = capability
    if major == 9:
        return "sm_90a"
    return "sm_%d%d" % (major, minor)


@dataclass
class Compiled:
    status: str  # "compiled", "refused" (exit 1), "internal" (exit 2 or a crash)
    diagnostic: str = ""
    image: bytes = b""
    metadata: dict = None
    # The images of the specialisations tritonc added beside the one asked
    # for (its aligned one), by the file name the metadata gives them.
    images: dict = None
    seconds: float = 0.0
    stderr: str = ""  # tritonc's warnings, when it compiled


def first_diagnostic(stderr):
    lines = [l for l in stderr.splitlines() if l.strip()]
    for l in lines:
        if "error:" in l:
            return l.strip()
    return lines[0].strip() if lines else ""


class Tritonc:
    def __init__(self, cache_dir, arch):
        self.binary = find_tritonc()
        self.cache_dir = cache_dir
        self.arch = arch
        self.ptxas = find_ptxas()
        self.libdevice = find_libdevice()
        self.emit = os.environ.get("TRITON_DROPIN_EMIT") or ("cubin" if self.ptxas else "ptx")
        resolved = shutil.which(self.binary) or self.binary
        self.binary_hash = _sha256_file(resolved) if os.path.exists(resolved) else "missing"
        os.makedirs(cache_dir, exist_ok=True)

    def command(self, source, spec, out, extra=()):
        cmd = [self.binary, source.path, "--kernel", spec.kernel, "-o", out, "--emit", self.emit,
               "--signature", spec.signature, "--num-warps", str(spec.num_warps),
               "--num-stages", str(spec.num_stages), "--arch", self.arch]
        if spec.maxnreg:
            cmd += ["--maxnreg", str(spec.maxnreg)]
        if spec.fp32_default:
            cmd += ["--fp32-dot-default", spec.fp32_default]
        if self.emit == "cubin" and self.ptxas:
            cmd += ["--ptxas", self.ptxas]
        if self.libdevice:
            cmd += ["--libdevice", self.libdevice]
        for d in source.include_dirs:
            cmd += ["-I", d]
        for given in source.host_values:
            cmd += ["--host-value", given]
        return cmd + list(extra)

    def _key(self, source, spec):
        parts = [self.binary_hash, _sha256_file(source.path), spec.kernel, spec.signature,
                 str(spec.num_warps), str(spec.num_stages), str(spec.maxnreg), spec.fp32_default, self.arch, self.emit,
                 _sha256_file(self.libdevice) if self.libdevice else "", "\0".join(source.include_dirs),
                 "\0".join(source.host_values)]
        return hashlib.sha256("\0".join(parts).encode()).hexdigest()[:32]

    def compile(self, source, spec):
        entry = os.path.join(self.cache_dir, self._key(source, spec))
        cached = self._load(entry)
        if cached is not None:
            return cached
        # Built in a private folder and moved in with result.json last, so a
        # process sharing the cache never reads a half-written entry.
        work = tempfile.mkdtemp(prefix="tmp.", dir=self.cache_dir)
        names = {"out": "kernel." + self.emit, "meta": "kernel.json", "dep": "kernel.d"}
        path = {k: os.path.join(work, v) for k, v in names.items()}
        cmd = self.command(source, spec, path["out"], ["--metadata", path["meta"], "--depfile", path["dep"]])
        start = time.monotonic()
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
            rc, stderr = proc.returncode, proc.stderr
        except subprocess.TimeoutExpired:
            rc, stderr = 2, "tritonc: timed out after 600 s"
        except OSError as e:
            rc, stderr = 2, "tritonc: cannot run %s: %s" % (self.binary, e)
        seconds = time.monotonic() - start
        if rc == 0:
            status = "compiled"
        elif rc == 1:
            status = "refused"
        else:
            # CLI11 rejects out-of-range options with its own codes: those
            # are refusals of the request, not compiler crashes.
            status = "internal" if rc == 2 or rc < 0 else "refused"
        # What was just built is returned as it is, whatever another process
        # (with another environment, say) makes of the entry meanwhile.
        built = Compiled(status, first_diagnostic(stderr), seconds=seconds, stderr=stderr)
        if status != "compiled":
            # A refusal may rest on a module that has changed since, or on an
            # environment switch read before it stopped: neither is recorded
            # without a finished compilation, so only successes are kept.
            shutil.rmtree(work, ignore_errors=True)
            return built
        with open(path["out"], "rb") as f:
            built.image = f.read()
        with open(path["meta"]) as f:
            built.metadata = json.load(f)
        try:
            built.images = self._other_images(work, built.metadata)
        except OSError:  # the added specialisation alone is lost: the one asked for still runs
            built.images = {}
        record = {"status": status, "rc": rc, "stderr": stderr, "seconds": seconds,
                  "command": cmd, "deps": self._deps(path["dep"], source.path)}
        os.makedirs(entry, exist_ok=True)
        for k, name in names.items():
            if os.path.exists(path[k]):
                os.replace(path[k], os.path.join(entry, name))
        for name in built.images:
            os.replace(os.path.join(work, name), os.path.join(entry, name))
        with open(os.path.join(work, "result.json"), "w") as f:
            json.dump(record, f)
        os.replace(os.path.join(work, "result.json"), os.path.join(entry, "result.json"))
        shutil.rmtree(work, ignore_errors=True)
        return built

    def _other_images(self, folder, metadata):
        images = {}
        for spec in metadata.get("specialisations", []):
            name = spec.get("file", "")
            if name and name != "kernel." + self.emit:
                with open(os.path.join(folder, name), "rb") as f:
                    images[name] = f.read()
        return images

    @staticmethod
    def _deps(depfile, main):
        try:
            with open(depfile) as f:
                text = f.read().replace("\\\n", " ")
        except OSError:
            return {}
        files = text.split(":", 1)[1].split() if ":" in text else []
        return {p: _sha256_file(p) for p in files if p != main and os.path.isfile(p)}

    def _load(self, entry):
        try:
            with open(os.path.join(entry, "result.json")) as f:
                record = json.load(f)
        except (OSError, ValueError):
            return None
        for path, digest in record.get("deps", {}).items():
            if not os.path.isfile(path) or _sha256_file(path) != digest:
                return None
        if record["status"] != "compiled":  # written by an earlier version, which kept refusals
            return None
        result = Compiled(record["status"], first_diagnostic(record["stderr"]), seconds=record["seconds"],
                          stderr=record["stderr"])
        with open(os.path.join(entry, "kernel." + self.emit), "rb") as f:
            result.image = f.read()
        with open(os.path.join(entry, "kernel.json")) as f:
            result.metadata = json.load(f)
        try:
            result.images = self._other_images(entry, result.metadata)
        except OSError:
            return None
        # The environment the modules read at import (a fast-math switch)
        # must be this process's too.
        read = result.metadata.get("environment", {})
        if any(os.environ.get(name) != value for name, value in read.items()):
            return None
        return result
