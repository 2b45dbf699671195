# sys.excepthook: the original is sys.__excepthook__ and prints an exception's traceback to sys.stderr; a
# replaced hook is what an uncaught exception goes to (here it prints to stdout, and no traceback follows).
import io
import sys

print(sys.excepthook is sys.__excepthook__, callable(sys.excepthook))
buf = io.StringIO()
saved = sys.stderr
sys.stderr = buf
try:
    raise KeyError("k")
except KeyError as e:
    sys.__excepthook__(type(e), e, e.__traceback__)
sys.stderr = saved
text = buf.getvalue()
print(text.splitlines()[0], "|", text.splitlines()[-1])
print(sys.excepthook(ValueError, 3, None))  # a message on stderr, no exception


def hook(t, v, tb):
    print("hook:", t.__name__, v, tb is v.__traceback__, tb is not None)


sys.excepthook = hook
raise RuntimeError("uncaught")
