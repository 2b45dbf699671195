import helpers
import helpers.mathutil
from helpers.mathutil import square, describe
from helpers import strutil as su
import helpers.strutil as s2
print(helpers.PKG_CONST, helpers.mathutil.square(3), square(4), describe(), su.shout("a"), s2 is su)
print(helpers.__doc__, helpers.mathutil.__name__, "helpers.strutil" in __import__("sys").modules)
