tests = [
    lambda: int('x'), lambda: float('y'), lambda: [].index(1), lambda: 'abc'.index('z'), lambda: chr(-1),
    lambda: range(1, 2, 0), lambda: [1, 2].remove(3), lambda: (1,).index(5), lambda: math.sqrt(-1),
    lambda: math.log(0), lambda: int('5', 40), lambda: '{:q}'.format(1), lambda: bytes([300]),
    lambda: [1][5], lambda: 'ab'[9], lambda: {}['k'], lambda: (1, 2)[3], lambda: range(3)[5],
    lambda: 1 / 0, lambda: 1 // 0, lambda: 1 % 0, lambda: 1.0 / 0, lambda: divmod(1.0, 0),
]
import math
for t in tests:
    try:
        t()
    except (ValueError, IndexError, KeyError, ZeroDivisionError) as e:
        print(type(e).__name__ + ':', e)
