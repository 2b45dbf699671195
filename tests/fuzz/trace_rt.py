# The oracle's numerics (tests/fuzz/trace_gen.py copies this file into every generated program).
# DSL values are plain Python values of the same width: a signed integer type holds its value, an
# unsigned one its value too, except Uint64, which holds the signed 64-bit pattern (flyi's ints are
# 64-bit); Boolean holds 0 or 1; Float32 holds the float32 value as a Python float (rounded by
# _f32 with frexp/ldexp), Float64 a Python float. Every operation follows FlyDSL's numeric.py:
# // on signed integers floors (arith.floordivsi), % on signed integers truncates (arith.remsi),
# unsigned ones use divui/remui, >> is arithmetic on signed types and logical on unsigned ones.
import math

_TY = {"b": (1, 1, 0), "i8": (8, 1, 0), "i16": (16, 1, 0), "i32": (32, 1, 0), "i64": (64, 1, 0),
       "u8": (8, 0, 0), "u16": (16, 0, 0), "u32": (32, 0, 0), "u64": (64, 0, 0),
       "f32": (32, 1, 1), "f64": (64, 1, 1)}
_M32 = 0xFFFFFFFF
_MIN64 = -9223372036854775807 - 1
_MAX64 = 9223372036854775807
_INF = float("inf")
_NAN = float("nan")


def _wrap(x, t):
    w, s, f = _TY[t]
    if w == 1:
        return 1 if x else 0
    if w == 64:
        return x
    x = x & ((1 << w) - 1)
    if s and x >> (w - 1):
        x -= 1 << w
    return x


def _mk64(hi, lo):
    hi = hi & _M32
    lo = lo & _M32
    if hi >= 0x80000000:
        hi -= 0x100000000
    return (hi << 32) | lo


def _add64(a, b):
    lo = (a & _M32) + (b & _M32)
    hi = ((a >> 32) & _M32) + ((b >> 32) & _M32) + (lo >> 32)
    return _mk64(hi, lo)


def _neg64(a):
    return a if a == _MIN64 else -a


def _mul64(a, b):
    al = [(a >> (16 * i)) & 0xFFFF for i in range(4)]
    bl = [(b >> (16 * i)) & 0xFFFF for i in range(4)]
    r = [0, 0, 0, 0]
    for i in range(4):
        c = 0
        for j in range(4 - i):
            v = r[i + j] + al[i] * bl[j] + c
            r[i + j] = v & 0xFFFF
            c = v >> 16
    return _mk64((r[3] << 16) | r[2], (r[1] << 16) | r[0])


def _ult64(a, b):
    return (a ^ _MIN64) < (b ^ _MIN64)


def _udivmod64(a, b):
    if a >= 0 and b > 0:
        return a // b, a % b
    if b < 0:
        if _ult64(a, b):
            return 0, a
        return 1, _add64(a, _neg64(b))
    if b == 1:
        return a, 0
    h = (a >> 1) & _MAX64
    q = (h // b) * 2
    r = _add64(a, _neg64(_mul64(q, b)))
    while not _ult64(r, b):
        r = _add64(r, _neg64(b))
        q += 1
    return q, r


def _f32(x):
    if x != x or x == 0.0 or x == _INF or x == -_INF:
        return x
    m, e = math.frexp(x)
    q = max(e - 1, -126) - 23
    n = round(math.ldexp(x, -q))
    if n == 0:
        return math.copysign(0.0, x)
    r = math.ldexp(float(n), q)
    if abs(r) >= 3.402823669209385e38:
        return math.copysign(_INF, x)
    return r


def _i2f(v, src, dst):
    # an integer value of type src, correctly rounded to float type dst (one rounding only)
    if src == "u64" and v < 0:
        h = ((v >> 1) & _MAX64) | (v & 1)
        return _i2f(h, "i64", dst) * 2.0
    if dst == "f64" or (-(1 << 53) < v < (1 << 53)):
        r = float(v)
        return r if dst == "f64" else _f32(r)
    if v == _MIN64:
        return -9.223372036854775808e18
    a = -v if v < 0 else v
    sh = a.bit_length() - 26
    m = (a >> sh) | (1 if a & ((1 << sh) - 1) else 0)
    r = math.ldexp(_f32(float(m)), sh)
    return -r if v < 0 else r


def _cv(v, src, dst):
    if src == dst:
        return v
    ws, ss, fs = _TY[src]
    wd, sd, fd = _TY[dst]
    if fd:
        if fs:
            return _f32(v) if dst == "f32" else v
        return _i2f(v, src, dst)
    if fs:
        raise ValueError("float to integer conversion is not generated")
    if wd == 1:
        return 1 if v != 0 else 0
    return _wrap(v, dst)


def _lit(x, t):
    if _TY[t][2]:
        return _f32(float(x)) if t == "f32" else float(x)
    return _wrap(x, t)


def _fr(x, t):
    return _f32(x) if t == "f32" else x


def _add(a, b, t):
    if _TY[t][2]:
        return _fr(a + b, t)
    if _TY[t][0] == 64:
        return _add64(a, b)
    return _wrap(a + b, t)


def _sub(a, b, t):
    if _TY[t][2]:
        return _fr(a - b, t)
    if _TY[t][0] == 64:
        return _add64(a, _neg64(b))
    return _wrap(a - b, t)


def _mul(a, b, t):
    if _TY[t][2]:
        return _fr(a * b, t)
    return _wrap(_mul64(a, b), t)


def _fdivf(a, b):
    if b == 0.0:
        if a == 0.0 or a != a:
            return _NAN
        neg = (math.copysign(1.0, a) < 0) != (math.copysign(1.0, b) < 0)
        return -_INF if neg else _INF
    return a / b


def _div(a, b, t):
    # true division of two values of type t (already floats: the generator converts integers first)
    return _fr(_fdivf(a, b), t)


def _floor(x):
    if x != x or x == _INF or x == -_INF or abs(x) >= 4503599627370496.0:
        return x
    r = float(math.floor(x))
    return math.copysign(0.0, x) if r == 0.0 else r


def _ceil(x):
    if x != x or x == _INF or x == -_INF or abs(x) >= 4503599627370496.0:
        return x
    r = float(math.ceil(x))
    return math.copysign(0.0, x) if r == 0.0 else r


def _trunc(x):
    return _floor(x) if x >= 0 else _ceil(x)


def _roundeven(x):
    if x != x or x == _INF or x == -_INF or abs(x) >= 4503599627370496.0:
        return x
    r = float(round(x))
    return math.copysign(0.0, x) if r == 0.0 else r


def _round(x):
    # half away from zero
    t = _trunc(x)
    if t != t or t == _INF or t == -_INF:
        return t
    if abs(x - t) >= 0.5:
        t = t + (1.0 if x > 0 else -1.0)
    return math.copysign(0.0, x) if t == 0.0 else t


def _sqrt(x, t):
    if x != x or x < 0:
        return _NAN
    if x == _INF:
        return x
    return _fr(math.sqrt(x), t)


def _fmod(a, b):
    if a != a or b != b or b == 0.0 or a == _INF or a == -_INF:
        return _NAN
    if b == _INF or b == -_INF:
        return a
    return math.fmod(a, b)


def _floordiv(a, b, t):
    w, s, f = _TY[t]
    if f:
        return _floor(_fr(_fdivf(a, b), t))
    if t == "u64":
        return _udivmod64(a, b)[0]
    return _wrap(a // b, t)


def _mod(a, b, t):
    w, s, f = _TY[t]
    if f:
        return _fmod(a, b)
    if t == "u64":
        return _udivmod64(a, b)[1]
    if s:
        # arith.remsi: the remainder takes the sign of the dividend
        r = a % b
        if r != 0 and (r < 0) != (a < 0):
            r -= b
        return r
    return a % b


def _and(a, b, t):
    return a & b


def _or(a, b, t):
    return a | b


def _xor(a, b, t):
    return a ^ b


def _shl(a, n, t):
    w = _TY[t][0]
    if w == 64:
        if n == 63:
            return _MIN64 if a & 1 else 0
        return _mul64(a, 1 << n)
    return _wrap(a << n, t)


def _shr(a, n, t):
    if t == "u64" and n > 0:
        return (a >> n) & (_MAX64 >> (n - 1))
    return a >> n


def _neg(a, t):
    w, s, f = _TY[t]
    if f:
        return -a
    if w == 64:
        return _neg64(a)
    return _wrap(-a, t)


def _inv(a, t):
    if t == "b":
        return 1 - a
    return _wrap(~a, t)


def _abs(a, t):
    w, s, f = _TY[t]
    if f:
        return abs(a)
    if w == 64:
        return a if a >= 0 else _neg64(a)
    return _wrap(abs(a), t)


def _cmp(op, a, b, t):
    if t == "u64":
        a = a ^ _MIN64
        b = b ^ _MIN64
    if op == "<":
        r = a < b
    elif op == "<=":
        r = a <= b
    elif op == ">":
        r = a > b
    elif op == ">=":
        r = a >= b
    elif op == "==":
        r = a == b
    else:
        r = a != b
    return 1 if r else 0


def _vsum(v, t):
    r = 0 if not _TY[t][2] else 0.0
    for x in v:
        r = _add(r, x, t)
    return r


def _popc(a, t):
    w = _TY[t][0]
    a = a & ((1 << w) - 1) if w < 64 else a
    n = 0
    for i in range(w):
        n += (a >> i) & 1
    return n


def _ctlz(a, t):
    w = _TY[t][0]
    for i in range(w):
        if (a >> (w - 1 - i)) & 1:
            return i
    return w


def _cttz(a, t):
    w = _TY[t][0]
    for i in range(w):
        if (a >> i) & 1:
            return i
    return w


def _f32bits(x):
    if x != x:
        return 0x7FC00000
    sign = 0x80000000 if math.copysign(1.0, x) < 0 else 0
    a = abs(x)
    if a == _INF:
        return sign | 0x7F800000
    if a == 0.0:
        return sign
    m, e = math.frexp(a)
    if e - 1 >= -126:
        return sign | ((e - 1 + 127) << 23) | (int(math.ldexp(m, 24)) - 0x800000)
    return sign | int(math.ldexp(a, 149))


def _f64bits(x):
    # (hi, lo) words of the float64 pattern
    if x != x:
        return 0x7FF80000, 0
    sign = 0x80000000 if math.copysign(1.0, x) < 0 else 0
    a = abs(x)
    if a == _INF:
        return sign | 0x7FF00000, 0
    if a == 0.0:
        return sign, 0
    m, e = math.frexp(a)
    if e - 1 >= -1022:
        mant = int(math.ldexp(m, 53)) - (1 << 52)
        return sign | ((e - 1 + 1023) << 20) | (mant >> 32), mant & _M32
    mant = int(math.ldexp(a, 1074))
    return sign | (mant >> 32), mant & _M32


def _bits_f32(w):
    w = w & _M32
    s = -1.0 if w >> 31 else 1.0
    e = (w >> 23) & 0xFF
    m = w & 0x7FFFFF
    if e == 255:
        return s * _INF if m == 0 else _NAN
    if e == 0:
        return s * math.ldexp(float(m), -149)
    return s * math.ldexp(float(m | 0x800000), e - 150)


def _bits_f64(hi, lo):
    hi = hi & _M32
    lo = lo & _M32
    s = -1.0 if hi >> 31 else 1.0
    e = (hi >> 20) & 0x7FF
    m = ((hi & 0xFFFFF) << 32) | lo
    if e == 2047:
        return s * _INF if m == 0 else _NAN
    if e == 0:
        return s * math.ldexp(float(m), -1074)
    return s * math.ldexp(float(m | (1 << 52)), e - 1075)


def _words(v, t):
    # the int32 words a value of type t is stored as (see the kernel's stores)
    w, s, f = _TY[t]
    if f:
        if t == "f32":
            return [_wrap(_f32bits(v), "i32")]
        hi, lo = _f64bits(v)
        return [_wrap(lo, "i32"), _wrap(hi, "i32")]
    if w == 64:
        return [_wrap(v, "i32"), _wrap(v >> 32, "i32")]
    return [_wrap(v, "i32")]


def _canon(words, kinds):
    # NaNs compare equal whatever their payload and sign
    out = list(words)
    for i in range(len(out)):
        k = kinds[i]
        x = out[i] & _M32
        if k == "f32" and (x & 0x7F800000) == 0x7F800000 and (x & 0x7FFFFF):
            out[i] = 0x7FC00000
        if k == "f64hi" and (x & 0x7FF00000) == 0x7FF00000 and ((x & 0xFFFFF) or (out[i - 1] & _M32)):
            out[i] = 0x7FF80000
            out[i - 1] = 0
    return out
