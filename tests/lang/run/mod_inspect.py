# inspect: signatures, predicates, members, source, frames, docs.
import functools
import inspect
import os
import sys
from typing import List, Optional


def plain(a, b=2, *args, c, d=4, **kw):
    return a


def annotated(x: int, y: "str" = "s", /, z: float = 1.5, *, flag: bool = False) -> Optional[int]:
    """Summary line.

        Indented detail.
    More.
    """
    return None


def gen():
    yield 1


def deco(f):
    @functools.wraps(f)
    def wrapper(*a, **k):
        return f(*a, **k)
    return wrapper


@deco
def decorated(p, q=None):
    # comment inside
    return p


class Base:
    """Base doc."""

    def __init__(self, size, name="n"):
        self.size = size

    def method(self, k, *rest):
        """Method doc."""
        return k

    @classmethod
    def build(cls, v):
        return cls(v)

    @staticmethod
    def helper(u, w=0):
        return u

    @property
    def prop(self):
        return 1


class Child(Base):
    def method(self, k, *rest):
        return k


class Callable:
    def __call__(self, value, scale=1):
        return value


for fn in [plain, annotated, gen, decorated, Base, Child, Base(1).method, Base.method, Base.build, Base.helper,
           Callable(), functools.partial(plain, 1, c=3), functools.partial(annotated, 1), lambda t, *, u=2: t,
           List.__class__.__mro__[0].__init__ if False else plain]:
    sig = inspect.signature(fn)
    print(sig)
sig = inspect.signature(annotated)
print(repr(sig), sig.return_annotation)
for name, p in sig.parameters.items():
    print(name, repr(p), p.kind, int(p.kind), p.kind.description, p.default, p.annotation)
print(sig.parameters)
print(list(inspect.signature(plain).parameters), len(sig.parameters), "x" in sig.parameters)
print(inspect.Parameter.empty, inspect.Signature.empty, inspect.Parameter.empty is inspect._empty)
P = inspect.Parameter
built = inspect.Signature([P("a", P.POSITIONAL_ONLY), P("b", P.POSITIONAL_OR_KEYWORD, default=None),
                          P("rest", P.VAR_POSITIONAL), P("k", P.KEYWORD_ONLY, annotation=int),
                          P("extra", P.VAR_KEYWORD)], return_annotation=str)


def same(a, /, b=None, *rest, k: int, **extra) -> str:
    pass


print(built, built == inspect.signature(same), built == inspect.signature(plain))
print(built.replace(return_annotation=inspect.Signature.empty), P("a", P.KEYWORD_ONLY).replace(name="z", default=1))
for bad in [lambda: inspect.Signature([P("a", P.KEYWORD_ONLY), P("b", P.POSITIONAL_ONLY)]),
            lambda: inspect.Signature([P("a", P.POSITIONAL_OR_KEYWORD, default=1), P("b", P.POSITIONAL_OR_KEYWORD)]),
            lambda: inspect.Signature([P("a", P.POSITIONAL_ONLY), P("a", P.KEYWORD_ONLY)]),
            lambda: P("1x", P.POSITIONAL_ONLY), lambda: P("v", P.VAR_POSITIONAL, default=1), lambda: P("v", 7)]:
    try:
        bad()
    except ValueError as e:
        print("ValueError", e)

s = inspect.signature(plain)
ba = s.bind(1, 2, 3, 4, c=5, z=6)
print(ba, ba.args, ba.kwargs, ba.arguments)
ba = s.bind(1, c=0)
print(ba)
ba.apply_defaults()
print(ba, ba.signature is s)
print(s.bind_partial(c=1))
for args, kwargs in [((), {}), ((1,), {}), ((1,), {"c": 1, "a": 2})]:
    try:
        s.bind(*args, **kwargs)
    except TypeError as e:
        print("TypeError", e)
try:
    inspect.signature(lambda a: 0).bind(1, 2)
except TypeError as e:
    print("TypeError", e)
try:
    inspect.signature(lambda a: 0).bind(1, b=2)
except TypeError as e:
    print("TypeError", e)
try:
    inspect.signature(lambda a, /: 0).bind(a=2)
except TypeError as e:
    print("TypeError", e)

print(inspect.getcallargs(plain, 1, c=3))
print(inspect.getcallargs(plain, 1, 2, 3, c=3, e=9))
print(sorted(inspect.getcallargs(Base(1).method, 5, 6).items())[:2])
for args, kwargs in [((), {}), ((1, 2), {"b": 3, "c": 1}), ((1,), {})]:
    try:
        inspect.getcallargs(plain, *args, **kwargs)
    except TypeError as e:
        print("TypeError", e)
try:
    inspect.getcallargs(lambda a, b=1: 0, 1, 2, 3)
except TypeError as e:
    print("TypeError", e)
print(inspect.getfullargspec(plain))
print(inspect.getfullargspec(annotated))

print(inspect.isfunction(plain), inspect.isfunction(len), inspect.isfunction(Base.method), inspect.isfunction(Base(1).method))
print(inspect.ismethod(Base(1).method), inspect.ismethod(Base.method), inspect.ismethod(Base.build))
print(inspect.isclass(Base), inspect.isclass(Base(1)), inspect.ismodule(os), inspect.ismodule(plain))
print(inspect.isbuiltin(len), inspect.isbuiltin(plain), inspect.isroutine(len), inspect.isroutine(plain), inspect.isroutine(1))
print(inspect.isgeneratorfunction(gen), inspect.isgeneratorfunction(plain), inspect.isgenerator(gen()),
      inspect.iscoroutinefunction(plain), inspect.iscode(plain.__code__), inspect.isabstract(Base))
print(inspect.getmodule(plain).__name__, inspect.getmodule(Base).__name__, inspect.getmodule(os) is os,
      inspect.getmodule(os.path.join).__name__)
members = inspect.getmembers(Child, inspect.isfunction)
print([n for n, v in members])
print([n for n, v in inspect.getmembers(Base(1)) if not n.startswith("__")])
print(inspect.unwrap(decorated) is decorated.__wrapped__, inspect.unwrap(plain) is plain)

print(os.path.basename(inspect.getfile(plain)), os.path.basename(inspect.getfile(Base)),
      os.path.basename(inspect.getfile(Base.method)), os.path.basename(inspect.getfile(plain.__code__)),
      os.path.basename(inspect.getfile(sys.modules[__name__])))
for b in (len, print, sorted, isinstance, [].append, dict.get, str.join, divmod):
    print(inspect.signature(b))
try:
    inspect.signature(max)
except ValueError as e:
    print("ValueError", e)
try:
    inspect.getfile(len)
except TypeError as e:
    print("TypeError", e)
print(inspect.getsource(plain), end="")
print(inspect.getsource(annotated), end="")
print(inspect.getsource(decorated), end="")
print(inspect.getsource(Base.method), end="")
print(inspect.getsource(Child), end="")
lines, start = inspect.getsourcelines(Base.helper)
print(start, lines)
lines, start = inspect.getsourcelines(deco)
print(start, len(lines), lines[-1])
lam = lambda v: v * 2  # a lambda
print(inspect.getsource(lam), end="")
print(inspect.getcomments(decorated.__wrapped__))
ns = {}
exec("def made(a, b=1):\n    return a + b\n", ns)
print(inspect.signature(ns["made"]))

print(inspect.getdoc(annotated))
print(inspect.getdoc(Base), inspect.getdoc(Child), inspect.getdoc(Child.method), inspect.getdoc(Child(1).method))
print(repr(inspect.cleandoc("  first\n    second\n      third\n\n")))
print(inspect.getdoc(plain))


def where():
    frame = inspect.currentframe()
    print(frame.f_code.co_name, frame.f_back.f_code.co_name, frame.f_globals is globals(), sorted(frame.f_back.f_locals))
    info = inspect.getframeinfo(inspect.currentframe())
    print(os.path.basename(info.filename), info.lineno, info.function, info.code_context, info.index)
    print(os.path.basename(info[0]), info[1], info[2])
    st = inspect.stack()
    print([(f.function, f.lineno, f.code_context[0].strip()) for f in st[:2]])
    print(st[0].frame.f_code.co_name, os.path.basename(st[0].filename), st[1][3])
    return frame


def outer():
    marker = 1
    return where()


f = outer()
print(inspect.isframe(f), inspect.isframe(plain))
