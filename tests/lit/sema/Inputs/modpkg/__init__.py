from .core import twice, SCALE
from . import sub
