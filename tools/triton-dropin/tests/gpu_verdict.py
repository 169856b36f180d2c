"""The compare mode's verdict (TRITON_DROPIN_VERDICT=1) on a GPU with torch:
widened copies keep views of one buffer as views of one widened buffer, and
the verdict counts which result is nearer the widened one.

    python3 tools/triton-dropin/tests/gpu_verdict.py
"""
import os
import sys
import unittest

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from triton_dropin.compare import WideCopier, differences, verdict  # noqa: E402


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


if __name__ == "__main__":
    unittest.main()
