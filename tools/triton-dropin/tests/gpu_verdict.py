"""The compare mode's verdict (TRITON_DROPIN_VERDICT=1) on a GPU with torch:
widened copies keep views of one buffer as views of one widened buffer, and
the verdict counts which result is nearer the widened one.

    python3 tools/triton-dropin/tests/gpu_verdict.py
"""
import glob
import os
import sys
import tempfile
import textwrap
import unittest

# Before triton is imported: the bounded build's child and this process
# must share a cache this test can count.
os.environ["TRITON_CACHE_DIR"] = tempfile.mkdtemp(prefix="verdict-cache-")

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from triton_dropin import bounded_build  # noqa: E402
from triton_dropin.compare import WideCopier, differences, verdict  # noqa: E402

_KERNEL_SOURCE = textwrap.dedent("""
    import triton
    import triton.language as tl

    @triton.jit
    def square(a, out, N: tl.constexpr):
        offs = tl.arange(0, N)
        tile = tl.load(a + offs[:, None] * N + offs[None, :])
        tl.store(out + offs[:, None] * N + offs[None, :], tl.dot(tile, tile))
""")


class WideCopies(unittest.TestCase):
    def test_views_of_one_buffer_stay_views_of_one_widened_buffer(self):
        qkv = torch.randn(3, 64, 32, device="cuda", dtype=torch.float16)
        q, k = qkv[0], qkv[1].t()
        wide = WideCopier()
        wq, wk = wide.value("q", q), wide.value("k", k)
        self.assertTrue(wide.usable)
        self.assertEqual((wq.dtype, wk.dtype), (torch.float32, torch.float32))
        self.assertEqual(wq.untyped_storage().data_ptr(), wk.untyped_storage().data_ptr())
        self.assertEqual((wk.storage_offset(), wk.stride()), (k.storage_offset(), k.stride()))
        self.assertTrue(torch.equal(wk, k.float()))
        wk.zero_()
        self.assertTrue(torch.equal(k, qkv[1].t()))  # the original is untouched

    def test_wider_dtypes_are_copied_as_they_are(self):
        x = torch.arange(10, device="cuda", dtype=torch.int32)
        wide = WideCopier()
        wx = wide.value("x", x)
        self.assertEqual(wx.dtype, torch.int32)
        self.assertNotEqual(wx.data_ptr(), x.data_ptr())

    def test_a_storage_seen_through_two_dtypes_gives_no_verdict(self):
        raw = torch.zeros(64, device="cuda", dtype=torch.float16)
        wide = WideCopier()
        wide.value("a", raw)
        wide.value("b", raw.view(torch.int16))
        self.assertFalse(wide.usable)


class Verdict(unittest.TestCase):
    def test_counts_the_nearer_result(self):
        truth = torch.linspace(1, 2, 100, device="cuda", dtype=torch.float32)
        ours = truth.half()
        ref = ours.clone()
        ref[:7] = (ref[:7].float() * 1.01).half()  # far outside fp16's tolerance
        ours[7] = (ours[7].float() * 1.01).half()  # and one where tritonc is the far one
        m = differences("out", ours, ref)
        self.assertEqual(m.count, 8)
        line = verdict(m, ours, ref, truth)
        self.assertIn("on its 8 differing elements: tritonc nearer on 7, Triton on 1, as near on 0", line)


class BoundedBuild(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        folder = tempfile.mkdtemp(prefix="verdict-module-")
        with open(os.path.join(folder, "verdict_square.py"), "w") as f:
            f.write(_KERNEL_SOURCE)
        sys.path.insert(0, folder)
        import verdict_square
        cls.kernel = verdict_square.square

    def builds_of_square(self):
        # Counted by cubin: the cache also gains a launcher module at the
        # first launch in a process, which is not a build of the kernel.
        return len(glob.glob(os.path.join(os.environ["TRITON_CACHE_DIR"], "*", "square.cubin")))

    def test_a_build_in_the_child_serves_the_launch_here(self):
        a = torch.randn(16, 16, device="cuda")
        out = torch.empty_like(a)
        options = {"N": 16, "default_dot_input_precision": "ieee"}
        self.assertEqual(self.builds_of_square(), 0)
        # As the verdict asks for exact dots: the option and Triton's switch,
        # in the child and here alike (the option alone ran on tf32).
        env = {"TRITON_F32_DEFAULT": "ieee"}
        self.assertEqual(bounded_build.build(self.kernel, [a, out], options, env, 120), "built")
        self.assertEqual(self.builds_of_square(), 1)
        os.environ.update(env)
        try:
            self.kernel[(1,)](a, out, **options)
        finally:
            del os.environ["TRITON_F32_DEFAULT"]
        self.assertEqual(self.builds_of_square(), 1)  # found in the cache, not built again
        # Against float64: torch's own fp32 product may run on tf32.
        error = (out.double() - a.double() @ a.double()).abs().max().item()
        self.assertLess(error, 1e-4, "the launch's product is not an ieee fp32 one")

    def test_a_build_past_its_time_is_abandoned(self):
        a = torch.randn(32, 32, device="cuda")
        options = {"N": 32, "default_dot_input_precision": "ieee"}
        self.assertEqual(bounded_build.build(self.kernel, [a, a], options, {}, 0.2), "timeout")

    def test_a_kernel_of_the_main_script_is_left_to_this_process(self):
        import triton

        def local(x):
            pass
        local.__module__ = "__main__"
        self.assertEqual(bounded_build.build(triton.jit(local), [], {}, {}, 120), "unavailable")


if __name__ == "__main__":
    unittest.main()
