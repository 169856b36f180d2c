"""triton-dropin: serve every `@triton.jit` launch with tritonc's code.

    pytest -p triton_dropin tests/...          # as a pytest plugin
    python -m triton_dropin script.py args...  # around any script

TRITON_DROPIN_MODE picks `compare` (default: Triton on copies of the
arguments, tritonc on the originals, every tensor argument compared after
each launch), `replace` (tritonc only) or `capture` (Triton only; each
distinct specialisation written as JSON for tritonc to compile later).
"""
from .hook import finish, install, record_test_outcome, set_current_test

__all__ = ["install", "finish"]


# pytest plugin hooks: `-p triton_dropin` registers this module.
def pytest_configure(config):
    install()


def pytest_runtest_setup(item):
    set_current_test(item.nodeid)


def pytest_runtest_logreport(report):
    failure = None
    if report.outcome == "failed":
        # The last lines of the failure (the assertion, the exception), kept
        # in the report: a time-boxed run never reaches pytest's summary.
        lines = (getattr(report, "longreprtext", "") or str(report.longrepr)).strip().splitlines()
        errors = [line for line in lines if line.startswith("E ")]
        failure = "\n".join(errors[:5] + lines[-1:])[-800:]
    record_test_outcome(report.nodeid, report.when, report.outcome, failure)


def pytest_unconfigure(config):
    finish()
