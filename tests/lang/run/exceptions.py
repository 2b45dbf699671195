def risky(n):
    if n == 0:
        raise ValueError("zero")
    if n == 1:
        raise KeyError("k")
    return 10 // (n - 2)
for n in range(4):
    try:
        print(risky(n))
    except (ValueError, KeyError) as e:
        print(type(e).__name__, e)
    except ZeroDivisionError:
        print("div")
    else:
        print("else")
    finally:
        print("finally", n)
class MyError(Exception):
    def __init__(self, msg, code):
        super().__init__(msg)
        self.code = code
try:
    raise MyError("bad", 42)
except Exception as e:
    print(repr(e), e.code, e.args, isinstance(e, Exception))
try:
    try:
        {}["x"]
    except KeyError as e:
        raise RuntimeError("wrapped") from e
except RuntimeError as e:
    print(e, repr(e.__cause__))
try:
    try:
        1 / 0
    except ZeroDivisionError:
        raise
except ZeroDivisionError as e:
    print("reraised", e)
def f():
    try:
        return "try"
    finally:
        print("finally runs")
print(f())
try:
    assert 1 == 2, "math is broken"
except AssertionError as e:
    print("assert", e)
