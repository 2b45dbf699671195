# exceptions: raise and catch in loops (built-in and user classes, through frames, with
# finally, re-raise, exception chaining, and the try that does not raise).
import sys

class AppError(Exception):
    def __init__(self, code):
        super().__init__("code %d" % code)
        self.code = code

class Retry(AppError):
    pass

def fail(i):
    if i % 3 == 0:
        raise Retry(i)
    raise AppError(i)

def deep(k):
    if k == 0:
        raise ValueError("bottom")
    return deep(k - 1)

def run(n):
    caught = 0
    codes = 0
    for i in range(n):
        try:
            fail(i)
        except Retry as e:
            caught += 1
            codes += e.code
        except AppError as e:
            codes -= e.code
        try:
            {}[i]
        except KeyError:
            caught += 1
        try:
            try:
                deep(5)
            finally:
                codes += 1
        except ValueError:
            caught += 1
        try:
            try:
                int("x")
            except ValueError as e:
                raise RuntimeError("wrapped") from e
        except RuntimeError as e:
            if isinstance(e.__cause__, ValueError):
                caught += 1
        try:
            codes += 1
        except Exception:
            codes = 0
    return caught, codes

n = 2000 if sys.argv[1:] == ["--quick"] else 100000
print(run(n))
