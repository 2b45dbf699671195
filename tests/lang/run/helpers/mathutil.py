from . import PKG_CONST
from .strutil import shout
def square(x):
    return x * x
def describe():
    return shout(PKG_CONST)
__all__ = ["square"]
_private = 1
