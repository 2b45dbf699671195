# sys._getframe: the running frame's code, line, globals and locals; depth walks outwards.
import sys


def inner():
    f = sys._getframe()
    print(f.f_code.co_name, f.f_lineno)
    print(sys._getframe(1).f_code.co_name, sys._getframe(2).f_code.co_name)
    print(f.f_globals is globals())


def outer():
    local_value = 7
    inner()
    return sorted(sys._getframe().f_locals)


print(outer())
print(sys._getframe().f_code.co_name)
try:
    sys._getframe(1000)
except ValueError as e:
    print("ValueError:", e)
