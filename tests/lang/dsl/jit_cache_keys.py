# The cache key of a @flyc.jit call and the function's manager key, as FlyDSL computes them
# (flydsl.compiler.jit_function): what enters them, and a changed global raising at the next call.
import os
import types

import flydsl.compiler as flyc
import flydsl.expr as fx
from flydsl.compiler import jit_function as jf
from flydsl.compiler.kernel_function import CompilationContext
from flydsl.compiler.protocol import cache_signature


def key(fn, *args):
    fn._ensure_sig()
    b = fn._sig.bind(*args)
    b.apply_defaults()
    return fn._resolve_and_make_cache_key(b.arguments)


@flyc.jit
def take(n: fx.Int32, c: fx.Constexpr[int], s: fx.Stream = fx.Stream(None)):
    pass


k = key(take, 3, 7)
print([name for name, _ in k])
print(dict(k)["n"] == (fx.Int32,), dict(k)["c"], dict(k)["s"] == (fx.Stream,))
print("run-time value left out:", key(take, 4, 7) == k, "constexpr in:", key(take, 3, 8) != k)
print("target:", dict(k)["_target_"])

os.environ["FLYDSL_COMPILE_OPT_LEVEL"] = "0"
print("opt level in the key:", key(take, 3, 7) != k)
del os.environ["FLYDSL_COMPILE_OPT_LEVEL"]

take.compile_hints = {"fastmath": "fast"}
kh = key(take, 3, 7)
print("hints:", dict(kh)["_hints_"])
with CompilationContext.compile_hints({"fastmath": "contract"}):
    print("scoped hints win:", take._effective_compile_hints()["fastmath"], key(take, 3, 7) != kh)
take.compile_hints = {}

try:
    cache_signature(object())
except TypeError as e:
    print("TypeError:", str(e).split(": ", 1)[1])

# globals: folded into the key by value, and a changed value raises at the next call
TILE = (64, 32)
CFG = {"depth": 2}


@flyc.jit
def reads(n: fx.Int32):
    return TILE[0] + CFG["depth"]


print(reads(1))
print(reads._build_full_cache_key({"n": 1})[0])
CFG["depth"] = 3
try:
    reads(1)
except RuntimeError as e:
    print("RuntimeError:", str(e).split(" changed")[0])


# rebinding a function the launcher reads is not a change (flyi runs the launcher at every call)
def helper():
    return 1


@flyc.jit
def calls(n: fx.Int32):
    return helper()


calls(1)


def helper():
    return 2


print("rebound helper:", calls(1))


# the manager key: stable, through a self-reference, and the in-progress set empty after
@flyc.jit
def solo(n: fx.Int32):
    _ = solo


solo._ensure_cache_manager()
m1 = solo.manager_key
solo.manager_key = None
solo._ensure_cache_manager()
print("manager key stable:", m1 == solo.manager_key, len(m1), jf._keys_in_progress())


# enum members a closure captures enter the key by name
def make(op):
    def body():
        return op

    return body


a, b = jf._collect_closure_scalar_vals(make(fx.ReductionOp.ADD)), jf._collect_closure_scalar_vals(make(fx.ReductionOp.MAX))
print(a, a != b)
print(jf._collect_closure_scalar_vals(make((4, 8))))


# FlyDSL's protocol on fx numerics: the key holds the type; the packed call's slot is the type's C scalar
import ctypes

slot_t, fill = fx.Int32(0).__c_abi_spec__()[0]
s = slot_t()
fill(fx.Int32(41), s)
print(fx.Int32(5).__cache_signature__() == (fx.Int32,), slot_t is ctypes.c_int32, s.value)
slot_t, fill = fx.Float16(0.0).__c_abi_spec__()[0]
s = slot_t()
fill(1.0, s)
print(hex(s.value))
