"""python -m triton_dropin [-m module | script.py] args...: runs the program
with the launch hook installed. TRITON_DROPIN_TRACEBACK_AFTER=SECONDS prints
every thread's stack once, after that long, and goes on: where a time-boxed
run was when its box closes, with the report still written at the end."""
import os
import runpy
import sys

from . import install


def main():
    argv = sys.argv[1:]
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    after = os.environ.get("TRITON_DROPIN_TRACEBACK_AFTER")
    if after and float(after) > 0:
        import faulthandler
        faulthandler.dump_traceback_later(float(after), exit=False)
    install()
    if argv[0] == "-m" and len(argv) > 1:
        sys.argv = argv[1:]
        runpy.run_module(argv[1], run_name="__main__", alter_sys=True)
    else:
        sys.argv = argv
        sys.path.insert(0, os.path.dirname(os.path.abspath(argv[0])))
        runpy.run_path(argv[0], run_name="__main__")
    return 0


if __name__ == "__main__":
    sys.exit(main())
