try:
    try:
        raise ValueError("first")
    except ValueError:
        raise TypeError("second")
except TypeError as e:
    print(repr(e), repr(e.__context__), e.__cause__)
try:
    raise KeyError("x") from None
except KeyError as e:
    print(e.__suppress_context__, e.__cause__)
class E(Exception):
    pass
try:
    raise E
except E as e:
    print("bare class raise", type(e).__name__, e.args)
def cleanup():
    try:
        raise OSError(2, "No such file", "f.txt")
    except OSError as e:
        return (e.errno, e.strerror, e.filename, str(e))
print(cleanup())
try:
    raise SystemExit(3)
except SystemExit as e:
    print("exit code", e.code)
e = Exception("a", 1)
print(e.args, str(e), repr(e))
