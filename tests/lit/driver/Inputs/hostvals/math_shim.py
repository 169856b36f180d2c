import importlib

# The math library chosen when Python runs, as FlagGems picks its backend's.
math_library = importlib.import_module("triton.language.extra.cuda.libdevice")
tanh = math_library.tanh
