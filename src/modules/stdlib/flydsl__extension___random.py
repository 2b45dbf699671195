"""flydsl.extension._random - fx.random: counter-based random numbers (Philox 4x32, 10 rounds by default).

A draw is a pure function of (seed, offset): the seed keys the generator (its low and high 32 bits),
the offset is the counter's low word(s). randint4x gives four Uint32 words, rand / rand4x map words
to Float32 in [0, 1), randn / randn4x to standard normals (Box-Muller). The names and arguments
follow Triton's tl.randint / tl.rand / tl.randn, as FlyDSL's do. Only 32-bit counter words are
supported here (a 64-bit counter needs 128-bit products).
"""

import sys

# Philox 4x32: the multipliers and the Weyl key increments
_M0, _M1 = 0xD2511F53, 0xCD9E8D57
_W0, _W1 = 0x9E3779B9, 0xBB67AE85


def _fx():
    __import__("flydsl.expr")
    return sys.modules["flydsl.expr"]


def _width(v):
    fx = _fx()
    if isinstance(v, bool) or isinstance(v, int):
        return 64 if v >= (1 << 32) or v < -(1 << 31) else 32
    t = v.dtype if hasattr(v, "dtype") else None
    return getattr(t, "width", 32)


def _u32(v):
    fx = _fx()
    if isinstance(v, int):
        return fx.Uint32(v & 0xFFFFFFFF)
    return fx.Uint32(v)


def _u64(v):
    fx = _fx()
    return fx.Uint64(v)


def philox(seed, c0, c1, c2, c3, n_rounds=10):
    """n_rounds of Philox 4x32 on the counter (c0, c1, c2, c3) keyed by seed's low and high words."""
    fx = _fx()
    s = _u64(seed)
    k0, k1 = fx.Uint32(s), fx.Uint32(s >> fx.Uint64(32))
    c0, c1, c2, c3 = _u32(c0), _u32(c1), _u32(c2), _u32(c3)
    m0, m1 = fx.Uint64(_M0), fx.Uint64(_M1)
    w0, w1 = fx.Uint32(_W0), fx.Uint32(_W1)
    sh = fx.Uint64(32)
    for _ in range(int(n_rounds)):
        p0 = fx.Uint64(c0) * m0
        p1 = fx.Uint64(c2) * m1
        c0, c1, c2, c3 = fx.Uint32(p1 >> sh) ^ c1 ^ k0, fx.Uint32(p1), fx.Uint32(p0 >> sh) ^ c3 ^ k1, fx.Uint32(p0)
        k0 = k0 + w0
        k1 = k1 + w1
    return c0, c1, c2, c3


def randint4x(seed, offset, n_rounds=10):
    """Four Uint32 words for (seed, offset); a 64-bit offset fills the counter's second word too."""
    fx = _fx()
    if _width(offset) > 32:
        o = _u64(offset)
        lo, hi = fx.Uint32(o), fx.Uint32(o >> fx.Uint64(32))
    else:
        lo, hi = _u32(offset), fx.Uint32(0)
    return philox(seed, lo, hi, fx.Uint32(0), fx.Uint32(0), n_rounds)


def randint(seed, offset, n_rounds=10):
    """The first of randint4x's words."""
    return randint4x(seed, offset, n_rounds)[0]


def _uniform(word):
    """A Uint32 word as a Float32 in [0, 1): its signed value folded onto [0, 2^31), times 2^-31 (rounded)."""
    fx = _fx()
    i = word.to(fx.Int32) if hasattr(word, "to") else fx.Int32(word)
    folded = (i < fx.Int32(0)).select(-i - fx.Int32(1), i)
    return fx.Float32(folded) * fx.Float32(4.6566127342e-10)


def rand(seed, offset, n_rounds=10):
    """A Float32 uniform in [0, 1)."""
    return _uniform(randint(seed, offset, n_rounds))


def rand4x(seed, offset, n_rounds=10):
    """Four Float32 uniforms in [0, 1)."""
    w = randint4x(seed, offset, n_rounds)
    return _uniform(w[0]), _uniform(w[1]), _uniform(w[2]), _uniform(w[3])


def _normal_pair(u1, u2):
    """Box-Muller: two standard normals from two uniforms (u1 kept at least 1e-7 so its log is finite)."""
    fx = _fx()
    u1 = fx.max(u1, fx.Float32(1.0e-7))
    r = fx.math.sqrt(fx.Float32(-2.0) * fx.math.log(u1))
    t = fx.Float32(6.283185307179586) * u2
    return r * fx.math.cos(t), r * fx.math.sin(t)


def randn(seed, offset, n_rounds=10):
    """A Float32 standard normal (from the first two words of the draw)."""
    w = randint4x(seed, offset, n_rounds)
    return _normal_pair(_uniform(w[0]), _uniform(w[1]))[0]


def randn4x(seed, offset, n_rounds=10):
    """Four Float32 standard normals."""
    u = rand4x(seed, offset, n_rounds)
    a, b = _normal_pair(u[0], u[1])
    c, d = _normal_pair(u[2], u[3])
    return a, b, c, d


NAMES = ["randint", "randint4x", "rand", "rand4x", "randn", "randn4x"]
