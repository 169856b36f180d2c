"""The drop-in's parts that need neither torch, Triton nor a GPU: signature
strings from stand-in arguments, source location, the tritonc cache.

    python3 -m unittest discover -s tools/triton-dropin/tests -p 'test_offline.py'

The tritonc tests use build/tritonc (or $TRITONC) and are skipped without it.
"""
import contextlib
import inspect
import json
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.dirname(HERE))

from triton_dropin import bounded_build, compare, compiler, signature, source, summary  # noqa: E402


class DType:
    def __init__(self, name):
        self.name = name

    def __str__(self):
        return "torch." + self.name


@contextlib.contextmanager
def _environment(name, value):
    """`name` set to `value` (None: unset) for the block, as it was after."""
    saved = os.environ.get(name)
    try:
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value
        yield
    finally:
        if saved is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = saved


class Tensor:
    def __init__(self, dtype, address):
        self.dtype = DType(dtype)
        self.address = address

    def data_ptr(self):
        return self.address


class KernelParam:
    def __init__(self, p, dns=False, dnsa=False):
        self._param = p
        self.name = p.name
        self.do_not_specialize = dns
        self.do_not_specialize_on_alignment = dnsa


class JIT:
    """What the drop-in reads of a triton JITFunction."""

    def __init__(self, fn, dns=(), dnsa=()):
        self.fn = fn
        self.signature = inspect.signature(fn)
        self.params = [KernelParam(p, p.name in dns, p.name in dnsa) for p in self.signature.parameters.values()]
        self.raw_src = inspect.getsourcelines(fn)[0]
        self.src = "".join(self.raw_src)


constexpr = type("constexpr", (), {})


def add_kernel(x_ptr, y_ptr, output_ptr, n_elements, BLOCK_SIZE: constexpr):
    pass


def twice(x):
    pass


# As @triton.jit leaves it: the module's name for the function is its JITFunction.
twice = JIT(twice)


def annotated(x: "tl.int64", f: "tl.float32", flag, BLOCK: "tl.constexpr" = 128, ACT: "tl.constexpr" = "relu"):
    pass


class SignatureTest(unittest.TestCase):
    def sig(self, fn, *args, dns=(), dnsa=(), **kwargs):
        spec = signature.derive(JIT(fn, dns, dnsa), args, kwargs)
        self.assertEqual(spec.unsupported, "")
        return spec

    def test_hints(self):
        a, b, c = Tensor("float32", 4096), Tensor("float32", 4100), Tensor("float16", 4112)
        self.assertEqual(self.sig(add_kernel, a, b, c, 1000, BLOCK_SIZE=1024).signature,
                         "*fp32:16, *fp32, *fp16:16, i32, 1024")
        self.assertEqual(self.sig(add_kernel, a, a, a, 1024, BLOCK_SIZE=1024).signature,
                         "*fp32:16, *fp32:16, *fp32:16, i32:16, 1024")
        # Triton's constant 1 is tritonc's `i32:1`: the parameter stays.
        self.assertEqual(self.sig(add_kernel, a, a, a, 1, BLOCK_SIZE=64).signature,
                         "*fp32:16, *fp32:16, *fp32:16, i32:1, 64")
        self.assertEqual(self.sig(add_kernel, a, a, a, 2 ** 33, BLOCK_SIZE=64).signature.split(", ")[3], "i64:16")

    def test_dtypes(self):
        kinds = {"bool": "*i1", "float8_e4m3fn": "*fp8e4nv", "float8_e5m2": "*fp8e5", "uint8": "*u8",
                 "bfloat16": "*bf16", "int64": "*i64", "float64": "*fp64"}
        for torch_name, entry in kinds.items():
            t = Tensor(torch_name, 3)
            self.assertEqual(self.sig(add_kernel, t, t, t, 3, BLOCK_SIZE=64).signature.split(", ")[0], entry)

    def test_do_not_specialize(self):
        a = Tensor("float32", 4096)
        spec = self.sig(add_kernel, a, a, a, 1, BLOCK_SIZE=64, dns=("n_elements",), dnsa=("x_ptr",))
        self.assertEqual(spec.signature, "*fp32, *fp32:16, *fp32:16, i32, 64")

    def test_annotations_and_defaults(self):
        spec = self.sig(annotated, 1, 2.0, True)
        self.assertEqual(spec.signature, "i64, fp32, i1, 128, 'relu'")
        spec = self.sig(annotated, 32, 2.0, False, BLOCK=64, ACT="gelu", num_warps=8, num_stages=2)
        self.assertEqual(spec.signature, "i64:16, fp32, i1, 64, 'gelu'")
        self.assertEqual((spec.num_warps, spec.num_stages), (8, 2))

    def test_refusals(self):
        a = Tensor("float32", 16)
        spec = signature.derive(JIT(add_kernel), (a, a, a, 5), {"BLOCK_SIZE": 64, "num_ctas": 2})
        self.assertIn("num_ctas", spec.unsupported)
        spec = signature.derive(JIT(add_kernel), (a, a, (a, (a, a)), 5), {"BLOCK_SIZE": 64})
        self.assertIn("tuple inside a tuple", spec.unsupported)

    def test_tuple_arguments_are_their_elements(self):
        a, b = Tensor("float32", 16), Tensor("float16", 8)
        spec = signature.derive(JIT(add_kernel), (a, a, (a, b, None, 7, 1), 5), {"BLOCK_SIZE": 64})
        self.assertEqual(spec.unsupported, "")
        self.assertEqual(spec.signature.split(", (")[1].split(")")[0], "*fp32:16, *fp16, None, i32, i32:1")

    def test_none(self):
        a = Tensor("float32", 16)
        self.assertEqual(self.sig(add_kernel, a, None, a, 5, BLOCK_SIZE=64).signature,
                         "*fp32:16, None, *fp32:16, i32, 64")


class CompareTest(unittest.TestCase):
    def test_results_are_compared_on_the_host_where_torch_operators_are_replaced(self):
        import types
        torch = types.SimpleNamespace(library=types.SimpleNamespace(_impls={"mylib/scale/CUDA"}))
        self.assertFalse(compare._aten_overridden(torch))
        torch.library._impls.add("aten/_to_copy/CUDA")  # as FlagGems' use_gems() registers
        self.assertTrue(compare._aten_overridden(torch))
        self.assertTrue(compare._aten_overridden(types.SimpleNamespace()))


class BoundedBuildTest(unittest.TestCase):
    def test_arguments_are_described_as_triton_specialises_them(self):
        describe = bounded_build._describe
        self.assertEqual(describe(Tensor("float32", 4096 + 8)), {"tensor": "float32", "ptr": 24})
        self.assertEqual(describe(Tensor("bfloat16", 4096)), {"tensor": "bfloat16", "ptr": 16})
        self.assertEqual(describe((3, None, Tensor("int8", 1))),
                         {"tuple": [{"value": 3}, {"value": None}, {"tensor": "int8", "ptr": 17}]})
        self.assertEqual(describe(float("inf")), {"value": float("inf")})
        with self.assertRaises(bounded_build._Undescribable):
            describe(object())

    def test_a_kernel_only_this_process_can_reach_is_left_to_it(self):
        def local(x):
            pass
        kernel = JIT(local)
        kernel.__module__, kernel.__name__, kernel.cache_key = "__main__", "local", "k"
        self.assertEqual(bounded_build.build(kernel, [1], {}, {}, 60), "unavailable")
        kernel.__module__ = "somewhere"
        self.assertEqual(bounded_build.build(kernel, [object()], {}, {}, 60), "unavailable")
        del kernel.cache_key  # what the child checks it against cannot be read: left to this process
        self.assertEqual(bounded_build.build(kernel, [1], {}, {}, 60), "unavailable")


class SummaryTest(unittest.TestCase):
    def test_pass_rate_counts_clean_tests_that_ran_a_kernel(self):
        t = lambda outcome, tritonc=1, fallback=0, mismatch=0: {
            "outcome": outcome, "tritonc": tritonc, "fallback": fallback, "triton": 0, "mismatch": mismatch}
        tests = {"a.py::clean": t("passed"), "a.py::refused": t("passed", fallback=1),
                 "a.py::differs": t("passed", mismatch=1), "a.py::skipped": t("skipped", 0),
                 "a.py::cut": t("", 2), "a.py::host_only": t("passed", 0), "b.py::failed": t("failed")}
        rows = summary.file_rows(tests)
        a = rows["a.py"]
        self.assertEqual((a["tests"], a["clean"], a["fallback"], a["mismatch"], a["skipped"], a["interrupted"],
                          a["no kernel"]), (6, 1, 1, 1, 1, 1, 1))
        self.assertEqual(a["pass rate"], "33%")
        self.assertEqual(rows["b.py"]["pass rate"], "0%")


TRITONC = os.environ.get("TRITONC") or os.path.join(ROOT, "build", "tritonc")


@unittest.skipUnless(os.path.exists(TRITONC), "no tritonc binary")
class CompilerTest(unittest.TestCase):
    def setUp(self):
        os.environ["TRITONC"] = TRITONC
        self.tmp = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.tmp.cleanup()

    def test_compile_cache_and_refusal(self):
        src = source.KernelSource(os.path.join(ROOT, "samples", "vector_add.py"))
        tc = compiler.Tritonc(self.tmp.name, "sm_90a")
        spec = signature.Specialisation("add_kernel", "*fp32:16, *fp32:16, *fp32:16, i32:1, 1024", [])
        first = tc.compile(src, spec)
        self.assertEqual(first.status, "compiled", first.diagnostic)
        self.assertEqual([p["type"] for p in first.metadata["params"]][-1], "i32:1")
        self.assertTrue(first.image)
        again = tc.compile(src, spec)
        self.assertEqual((again.status, again.image), ("compiled", first.image))
        bad = tc.compile(src, signature.Specialisation("add_kernel", "*fp32, *fp32, *fp32, i32, 1000", []))
        self.assertEqual(bad.status, "refused")
        self.assertIn("error", bad.diagnostic)

    def test_an_aligned_specialisation_is_kept_and_launched_where_its_hints_hold(self):
        from triton_dropin import hook
        src = source.KernelSource(os.path.join(ROOT, "tests", "lit", "driver", "alignment_dispatch.py"))
        tc = compiler.Tritonc(self.tmp.name, "sm_90a")
        spec = signature.Specialisation(
            "tile_matmul", "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32, i32, 64, 64, 32", [])
        # Every row aligned; the output's alone not; A's alone (B's and the output's not).
        aligned, loads_only, a_only = ("kernel.%d.%s" % (i, tc.emit) for i in (1, 2, 3))
        for built in (tc.compile(src, spec), tc.compile(src, spec)):  # the second from the cache
            self.assertEqual(built.status, "compiled", built.diagnostic)
            self.assertEqual(list(built.images)[:3], [aligned, loads_only, a_only])
            rows = dict(a_ptr=0, b_ptr=0, c_ptr=0, M=1001, N=1016, K=1000, stride_am=1000, stride_bk=1016,
                        stride_cm=1016)
            meta, image = hook._specialisation_for(built, rows)
            self.assertEqual(image, built.images[aligned])
            self.assertIn("i32:8", [p["type"] for p in meta["params"]])
            self.assertEqual(meta["shared_bytes"], built.metadata["specialisations"][0]["shared_bytes"])
            meta, image = hook._specialisation_for(built, dict(rows, stride_cm=1017))
            self.assertEqual(image, built.images[loads_only])
            meta, image = hook._specialisation_for(built, dict(rows, N=1017, stride_bk=1017, stride_cm=1017))
            self.assertEqual(image, built.images[a_only])
            meta, image = hook._specialisation_for(built, dict(rows, K=1001, stride_am=1001, stride_bk=1017))
            self.assertEqual((image, meta["params"]), (built.image, built.metadata["params"]))
            # An added image that could not be read is skipped, not launched as the general one's.
            lost = compiler.Compiled(built.status, image=built.image, metadata=built.metadata, images={})
            meta, image = hook._specialisation_for(lost, rows)
            self.assertEqual((image, meta["params"]), (built.image, built.metadata["params"]))

    def test_libdevice_is_passed_on_and_keys_the_cache(self):
        src = source.KernelSource(os.path.join(ROOT, "samples", "vector_add.py"))
        spec = signature.Specialisation("add_kernel", "*fp32:16, *fp32:16, *fp32:16, i32:1, 1024", [])
        toolkit = os.environ.get("TRITONC_TEST_LIBDEVICE", "/usr/local/cuda/nvvm/libdevice/libdevice.10.bc")
        if not os.path.exists(toolkit):
            self.skipTest("no libdevice.10.bc here")
        with _environment("TRITON_DROPIN_LIBDEVICE", toolkit):
            given = compiler.Tritonc(self.tmp.name, "sm_90a")
        self.assertEqual(given.command(src, spec, "k.ptx")[-2:], ["--libdevice", toolkit])
        with _environment("TRITON_DROPIN_LIBDEVICE", ""):
            default = compiler.Tritonc(self.tmp.name, "sm_90a")
        self.assertNotIn("--libdevice", default.command(src, spec, "k.ptx"))
        self.assertNotEqual(given._key(src, spec), default._key(src, spec))

    def test_fp32_dot_default_follows_the_launch_and_keys_the_cache(self):
        # Triton reads TRITON_F32_DEFAULT when it compiles a launch; tests
        # set it between launches, so it is part of the specialisation.
        src = source.KernelSource(os.path.join(ROOT, "tests", "lit", "driver", "fp32_dot_default.py"))
        tc = compiler.Tritonc(self.tmp.name, "sm_90a")
        with _environment("TRITON_F32_DEFAULT", None):
            plain = signature.derive(JIT(add_kernel), [None] * 4 + [1024], {})
        with _environment("TRITON_F32_DEFAULT", "ieee"):
            ieee = signature.derive(JIT(add_kernel), [None] * 4 + [1024], {})
        self.assertEqual((plain.fp32_default, ieee.fp32_default), ("", "ieee"))
        self.assertNotEqual(plain.key(), ieee.key())
        spec = signature.Specialisation("default_dot", "*fp32:16, *fp32:16", [], fp32_default="ieee")
        self.assertIn("--fp32-dot-default", tc.command(src, spec, "k.ptx"))
        built = tc.compile(src, spec)
        self.assertEqual(built.status, "compiled", built.diagnostic)
        tf32 = tc.compile(src, signature.Specialisation("default_dot", "*fp32:16, *fp32:16", []))
        self.assertEqual(tf32.status, "compiled", tf32.diagnostic)
        self.assertNotEqual(built.image, tf32.image)

    def test_cache_follows_the_environment_modules_read(self):
        # A module that picks its code from an environment variable at
        # import compiles again when the variable changes.
        src = source.KernelSource(os.path.join(ROOT, "tests", "lit", "sema", "host_condition.py"),
                                  host_values=["IS_NEW_GPU=False", "MAJOR=9"])
        spec = signature.Specialisation("scale", "*fp32:16, *fp32:16", [])
        tc = compiler.Tritonc(self.tmp.name, "sm_90a")
        with _environment("TRITONC_LIT_OFFSET", None):
            plain = tc.compile(src, spec)
            self.assertEqual(plain.status, "compiled", plain.diagnostic)
            self.assertEqual(tc.compile(src, spec).image, plain.image)
        with _environment("TRITONC_LIT_OFFSET", "1"):
            offset = tc.compile(src, spec)
            self.assertEqual(offset.status, "compiled", offset.diagnostic)
            self.assertNotEqual(offset.image, plain.image)

    def test_a_refusal_is_not_reused_once_its_environment_changes(self):
        # A refusal stops before tritonc reports what it read; one that rests
        # on an environment switch must not outlive the switch.
        path = os.path.join(self.tmp.name, "switch.py")
        with open(path, "w") as f:
            f.write("import os\nimport triton\nimport triton.language as tl\n\n"
                    "STRICT = os.environ.get('DROPIN_TEST_STRICT', '0') == '1'\n\n\n"
                    "@triton.jit\ndef fill(out):\n    if STRICT:\n        tl.static_assert(False, 'strict')\n"
                    "    tl.store(out, 1.0)\n")
        src = source.KernelSource(path)
        spec = signature.Specialisation("fill", "*fp32:16", [])
        tc = compiler.Tritonc(os.path.join(self.tmp.name, "cache"), "sm_90a")
        with _environment("DROPIN_TEST_STRICT", "1"):
            self.assertEqual(tc.compile(src, spec).status, "refused")
        with _environment("DROPIN_TEST_STRICT", None):
            built = tc.compile(src, spec)
            self.assertEqual(built.status, "compiled", built.diagnostic)
        with _environment("DROPIN_TEST_STRICT", "1"):
            self.assertEqual(tc.compile(src, spec).status, "refused")

    def test_locate_kernel_file_and_package_root(self):
        jit = JIT(add_kernel)
        located = source.locate(jit, self.tmp.name)
        self.assertEqual(located.path, os.path.abspath(__file__))
        self.assertFalse(located.rewritten)
        jit.src = jit.src.replace("pass", "return")
        rewritten = source.locate(jit, self.tmp.name)
        self.assertTrue(rewritten.rewritten)
        with open(rewritten.path) as f:
            self.assertIn("    return\n", f.read())

    def test_locate_imports_functions_its_module_was_given(self):
        # FlagGems writes a pointwise kernel to a file, loads it, then copies
        # the scalar function it calls into the loaded module's globals.
        import importlib.util
        path = os.path.join(self.tmp.name, "generated.py")
        with open(path, "w") as f:
            f.write('"""Quoted source of scalar_fn:\ndef scalar_fn(x):\n    pass\n"""\n\n'
                    "def generated_kernel(x_ptr):\n    y = scalar_fn(x_ptr)\n")
        spec = importlib.util.spec_from_file_location("generated_module", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        module.__dict__["scalar_fn"] = twice
        located = source.locate(JIT(module.generated_kernel), self.tmp.name)
        self.assertTrue(located.rewritten)
        with open(located.path) as f:
            self.assertIn("from %s import twice as scalar_fn" % __name__, f.read())
        # A function defined inside another (a test's own scalar function)
        # cannot be imported: its source is written out under the name the
        # kernel calls, unless it captures variables from around it.
        def nested(x):
            return x + 1
        module.__dict__["scalar_fn"] = JIT(nested)
        located = source.locate(JIT(module.generated_kernel), self.tmp.name)
        with open(located.path) as f:
            self.assertIn("\n@triton.jit\ndef scalar_fn(x):\n    return x + 1\n", f.read())
        offset = 2

        def capturing(x):
            return x + offset
        module.__dict__["scalar_fn"] = JIT(capturing)
        with self.assertRaisesRegex(signature.Unsupported, "captures offset"):
            source.locate(JIT(module.generated_kernel), self.tmp.name)

    def test_host_value_for_a_libdevice_function(self):
        # A module-level name Python binds to a function of the math library
        # it picked at run time is given to tritonc as `libdevice.NAME`.
        import types
        path = os.path.join(self.tmp.name, "shimmed.py")
        with open(path, "w") as f:
            f.write("tanh = shim.tanh\n")
        module = types.ModuleType("shimmed")
        module.__file__ = path

        def tanh(x):
            pass
        tanh.__module__ = "triton.language.extra.cuda.libdevice"
        module.tanh = tanh
        sys.modules["shimmed"] = module
        try:
            diagnostic = "%s:1:1: error: module-level `tanh` must be a compile-time constant" % path
            kernel = source.KernelSource(os.path.join(self.tmp.name, "kernel.py"))
            self.assertEqual(source.host_value_for(diagnostic, kernel), "shimmed.tanh=libdevice.tanh")
        finally:
            del sys.modules["shimmed"]

    def test_host_condition_is_decided_as_this_process_has_it(self):
        # tritonc warns that it assumed a branch of a module-level `if` on
        # host values (a device check); the drop-in gives those values.
        import types
        path = os.path.join(self.tmp.name, "device_checks.py")
        with open(path, "w") as f:
            f.write("IS_BLACKWELL = probe()\nif IS_BLACKWELL:\n    MODE = 1\nelse:\n    MODE = 2\n")
        module = types.ModuleType("device_checks")
        module.__file__ = path
        module.IS_BLACKWELL = False
        module.NAME = object()
        sys.modules["device_checks"] = module
        try:
            warning = ("%s:2:4: warning: `MODE` is bound under this condition, which only Python decides; tritonc "
                       "took the `if` branch; give `IS_BLACKWELL`, `NAME` with `--host-value` to decide it "
                       "[HostCondition]\n 2 | if IS_BLACKWELL:\n" % path)
            kernel = source.KernelSource(os.path.join(self.tmp.name, "kernel.py"))
            self.assertEqual(source.host_condition_values(warning, kernel), ["IS_BLACKWELL=False"])
            kernel.host_values.append("IS_BLACKWELL=False")
            self.assertEqual(source.host_condition_values(warning, kernel), [])
            self.assertEqual(source.host_condition_values("", kernel), [])
        finally:
            del sys.modules["device_checks"]

    def test_host_value_for_a_wrapped_jit_function(self):
        # A decorator around `@triton.jit` that keeps the function (in a
        # wrapper object) makes it `triton.jit`, the function as written; one
        # that swapped in a libdevice function gives that function.
        import types
        path = os.path.join(self.tmp.name, "wrapped.py")
        with open(path, "w") as f:
            f.write("def silu_grad(x):\n    return x\n")
        namespace = {}
        exec(compile(open(path).read(), path, "exec"), namespace)

        class JITFunction:
            def __init__(self, fn):
                self.fn = fn

        class Pointwise:  # FlagGems' PointwiseDynamicFunction keeps `_scalar_fn`
            def __init__(self, jit):
                self._scalar_fn = jit

        def div_rn(x, y):
            pass
        div_rn.__module__ = "triton.language.extra.cuda.libdevice"
        module = types.ModuleType("wrapped")
        module.__file__ = path
        module.silu_grad = Pointwise(JITFunction(namespace["silu_grad"]))
        module.div_rn = div_rn
        module.other = Pointwise(JITFunction(lambda x: x))
        sys.modules["wrapped"] = module
        try:
            kernel = source.KernelSource(os.path.join(self.tmp.name, "kernel.py"))
            diagnostic = ("kernel.py:3:9: error: `%s` is bound by `@pointwise_dynamic` around a `@triton.jit` "
                          "function at line 1 of `" + path + "`, host code that tritonc skips")
            self.assertEqual(source.host_value_for(diagnostic % "silu_grad", kernel), "wrapped.silu_grad=triton.jit")
            self.assertEqual(source.host_value_for(diagnostic % "div_rn", kernel), "wrapped.div_rn=libdevice.div_rn")
            self.assertIsNone(source.host_value_for(diagnostic % "other", kernel))
        finally:
            del sys.modules["wrapped"]


FAKE_TRITON = {
    "triton/__init__.py": "",
    "triton/runtime/__init__.py": "",
    "triton/runtime/jit.py": """
import inspect

class KernelParam:
    def __init__(self, p):
        self._param, self.name = p, p.name
        self.do_not_specialize = self.do_not_specialize_on_alignment = False

class JITFunction:
    launches = []

    def __init__(self, fn):
        self.fn, self.signature = fn, inspect.signature(fn)
        self.params = [KernelParam(p) for p in self.signature.parameters.values()]
        self.raw_src = inspect.getsourcelines(fn)[0]
        self.src = "".join(self.raw_src)

    def run(self, *args, grid, warmup, **kwargs):
        JITFunction.launches.append((self.fn.__name__, grid))
""",
    "triton/runtime/autotuner.py": """
class Autotuner:
    def _bench(self, *args, **kwargs):
        return [0.0]
""",
    "kernels.py": """
from triton.runtime.jit import JITFunction

def _scale(x_ptr, out_ptr, n, alpha, BLOCK: "tl.constexpr" = 256):
    pass

scale = JITFunction(_scale)
""",
}

CAPTURE_SCRIPT = """
import json, os, sys
import triton_dropin
triton_dropin.install()
from kernels import scale
from triton.runtime.jit import JITFunction

class T:
    dtype = "torch.float16"
    def __init__(self, p): self.p = p
    def data_ptr(self): return self.p

for n in (1000, 1024, 1024):
    scale.run(T(4096), T(4104), n, 0.5, grid=(4,), warmup=False)
scale.run(T(4096), (T(1), (T(2), T(3))), 8, 0.5, grid=(1,), warmup=False)
triton_dropin.finish()
print(json.dumps(JITFunction.launches))
"""


class CaptureModeTest(unittest.TestCase):
    """The hook end to end, with a stand-in for Triton: capture mode needs no
    GPU, so install, binding, capture files and the report are covered."""

    def test_capture_without_gpu(self):
        with tempfile.TemporaryDirectory() as tmp:
            for rel, text in FAKE_TRITON.items():
                os.makedirs(os.path.dirname(os.path.join(tmp, rel)), exist_ok=True)
                with open(os.path.join(tmp, rel), "w") as f:
                    f.write(text)
            env = dict(os.environ, PYTHONPATH=os.pathsep.join([tmp, os.path.dirname(HERE)]),
                       TRITON_DROPIN_MODE="capture", TRITON_DROPIN_CAPTURE_DIR=os.path.join(tmp, "cap"),
                       TRITON_DROPIN_CAPTURE_ROOT=tmp, TRITON_DROPIN_REPORT=os.path.join(tmp, "r.json"),
                       TRITON_DROPIN_CACHE=os.path.join(tmp, "cache"))
            proc = subprocess.run([sys.executable, "-c", CAPTURE_SCRIPT], cwd=tmp, env=env, capture_output=True,
                                  text=True)
            self.assertEqual(proc.returncode, 0, proc.stderr)
            self.assertEqual(len(json.loads(proc.stdout.splitlines()[-1])), 4)  # every launch reached Triton
            captured = []
            for name in sorted(os.listdir(os.path.join(tmp, "cap"))):
                with open(os.path.join(tmp, "cap", name)) as f:
                    captured.append(json.load(f))
            self.assertEqual(sorted(c["signature"] for c in captured),
                             ["*fp16:16, *fp16, i32, fp32, 256", "*fp16:16, *fp16, i32:16, fp32, 256"])
            self.assertEqual({(c["file"], c["kernel"], c["num_warps"], c["num_stages"]) for c in captured},
                             {("kernels.py", "_scale", 4, 3)})
            with open(os.path.join(tmp, "r.json")) as f:
                report = json.load(f)
            self.assertEqual(report["kernels"][0]["launches"]["triton"], 4)
            self.assertIn("_scale", proc.stderr)


if __name__ == "__main__":
    unittest.main()
