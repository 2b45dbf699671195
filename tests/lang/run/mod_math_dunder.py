import math
class F:
    def __floor__(self): return 'floored'
    def __ceil__(self): return 'ceiled'
    def __trunc__(self): return 'truncated'
print(math.floor(F()), math.ceil(F()), math.trunc(F()))
class Fl:
    def __float__(self): return 2.25
print(math.sqrt(Fl()), math.floor(Fl()), math.isfinite(Fl()))
print(math.isclose(math.inf, math.inf), math.isclose(math.nan, math.nan), math.isclose(-0.0, 0.0))
print(math.copysign(1, -0.0), math.fabs(-0.0), math.hypot(), math.hypot(-3), math.fsum([]))
print(math.floor(-0.5), math.ceil(-0.5), math.trunc(2.999), math.floor(1e15 + 0.5))
print(math.log(1024, 2), math.log(0.5), math.exp(-1000), math.atan(math.inf), math.pow(-8, 1/3) if False else math.pow(-8, 3))
print(math.gcd(2**40, 2**35), math.lcm(2**20, 3**10), math.prod(range(1, 11)))
print(math.modf(math.inf), math.frexp(0.0), math.frexp(-3.5), math.ldexp(1, -1074), math.ldexp(1, 1023))
try:
    math.ldexp(1, 1024)
except OverflowError as e:
    print('OverflowError:', e)
try:
    math.trunc('x')
except TypeError as e:
    print('TypeError:', e)
print(math.dist([1, 2, 3], [4, 6, 3]), math.hypot(1e200, 1e200), math.hypot(1e-200, 1e-200))
