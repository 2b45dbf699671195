# sys._getframe (snapshots of the running frames) and what uses it: warnings' file and line,
# namedtuple's __module__; the warning categories.
import collections
import os
import sys
import warnings


def where(depth):
    return sys._getframe(depth).f_code.co_name, sys._getframe(depth).f_lineno


def caller():
    return where(0), where(1), where(2)


print(caller())
fr = sys._getframe()
print(fr.f_code.co_name, fr.f_back, fr.f_globals is globals(), "caller" in fr.f_locals)
try:
    sys._getframe(1000)
except ValueError as e:
    print("ValueError", e)
P = collections.namedtuple("P", "x y")
print(P.__module__, P(1, 2))


def show(message, category, filename, lineno, file=None, line=None):
    print("warning:", category.__name__, message, os.path.basename(filename), lineno)


warnings.showwarning = show
warnings.warn("plain")


def deprecated():
    warnings.warn("old api", DeprecationWarning, stacklevel=2)


def noisy():
    warnings.warn("from noisy", stacklevel=2)


noisy()
warnings.simplefilter("always")
deprecated()
warnings.warn("future", FutureWarning)
for cat in [PendingDeprecationWarning, FutureWarning, SyntaxWarning, ImportWarning, UnicodeWarning, BytesWarning,
            ResourceWarning, EncodingWarning, UserWarning, DeprecationWarning, RuntimeWarning]:
    print(cat.__name__, cat.__mro__[1].__name__, issubclass(cat, Warning))
