"""flydsl.extension._random - fx.random: counter-based random numbers (Philox, 10 rounds by default).

A draw is a pure function of (seed, offset): the seed keys the generator, the offset is the counter's low
word(s). randint4x gives four Uint32 words, rand / rand4x map words to Float32 in [0, 1), randn / randn4x to
standard normals (Box-Muller). The names and arguments follow Triton's tl.randint / tl.rand / tl.randn, as
FlyDSL's do. fx.random.universal also has the building blocks: philox_impl (Philox 4x32 on Uint32 words, 4x64 on
Uint64 ones, Triton's constants), philox (keyed by a seed), uint_to_uniform_float and pair_uniform_to_normal.
Static words compute exactly here (flyi's static integers stop at 64 bits, so the 128-bit products of the 4x64
rounds are Python integers); traced ones emit the widening multiplies (i64 / i128 arith.muli).
"""

import sys

# Philox 4x32 and 4x64: (round multipliers, Weyl key increments)
_CONSTS = {32: ((0xD2511F53, 0xCD9E8D57), (0x9E3779B9, 0xBB67AE85)),
           64: ((0xD2E7470EE14C6C93, 0xCA5A826395121157), (0x9E3779B97F4A7C15, 0xBB67AE8584CAA73B))}


def _fx():
    __import__("flydsl.expr")
    return sys.modules["flydsl.expr"]


def _width(v):
    """The bit width of word v (a Python int: 32 unless it needs 64)."""
    if isinstance(v, bool) or isinstance(v, int):
        return 64 if v >= (1 << 32) or v < -(1 << 31) else 32
    t = v.dtype if hasattr(v, "dtype") else None
    return getattr(t, "width", 32)


def _word_width(v, what):
    w = _width(v)
    if w not in (32, 64):
        raise NotImplementedError(f"{what} is only implemented for 32- or 64-bit words, got {w}")
    return w


def _static_int(v):
    """The Python int of a static word (its bits as unsigned), or None for a traced one."""
    if isinstance(v, bool) or isinstance(v, int):
        return int(v)
    if hasattr(v, "is_static") and v.is_static():
        return int(v.value)
    return None


def _u32(v):
    fx = _fx()
    if isinstance(v, int):
        return fx.Uint32(v & 0xFFFFFFFF)
    return fx.Uint32(v)


def _u64(v):
    fx = _fx()
    if isinstance(v, int):
        return fx.Uint64(v & 0xFFFFFFFFFFFFFFFF)
    return fx.Uint64(v)


def philox_impl(c0, c1, c2, c3, k0, k1, n_rounds=10):
    """n_rounds of Philox on the counter (c0, c1, c2, c3) with key (k0, k1): 4x32 for 32-bit words, 4x64 for
    64-bit ones (c0's width decides)."""
    fx = _fx()
    w = _word_width(c0, "philox")
    (ma, mb), (sa, sb) = _CONSTS[w]
    word = _u32 if w == 32 else _u64
    vals = [_static_int(x) for x in (c0, c1, c2, c3, k0, k1)]
    if all(x is not None for x in vals):
        mask = (1 << w) - 1
        c0, c1, c2, c3, k0, k1 = (x & mask for x in vals)
        for _ in range(int(n_rounds)):
            pb, pa = c2 * mb, c0 * ma
            c0, c1, c2, c3 = ((pb >> w) ^ c1 ^ k0) & mask, pb & mask, ((pa >> w) ^ c3 ^ k1) & mask, pa & mask
            k0, k1 = (k0 + sa) & mask, (k1 + sb) & mask
        return word(c0), word(c1), word(c2), word(c3)
    wide = fx.Uint64 if w == 32 else fx.Uint128
    c0, c1, c2, c3, k0, k1 = (word(x) for x in (c0, c1, c2, c3, k0, k1))
    mul_a, mul_b, shift = wide(ma), wide(mb), wide(w)
    step_a, step_b = word(sa), word(sb)
    for _ in range(int(n_rounds)):
        pb = wide(c2) * mul_b
        pa = wide(c0) * mul_a
        c0, c1, c2, c3 = word(pb >> shift) ^ c1 ^ k0, word(pb), word(pa >> shift) ^ c3 ^ k1, word(pa)
        k0 = k0 + step_a
        k1 = k1 + step_b
    return c0, c1, c2, c3


def philox(seed, c0, c1, c2, c3, n_rounds=10):
    """Philox keyed by seed: for 32-bit words its low and high halves are the key, for 64-bit words the seed is
    the low key word and the high one is zero (Triton's layout)."""
    fx = _fx()
    if _word_width(c0, "philox") == 32:
        s = _u64(seed)
        k0, k1 = fx.Uint32(s), fx.Uint32(s >> fx.Uint64(32))
        return philox_impl(_u32(c0), _u32(c1), _u32(c2), _u32(c3), k0, k1, n_rounds)
    return philox_impl(c0, c1, c2, c3, _u64(seed), fx.Uint64(0), n_rounds)


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


def uint_to_uniform_float(word):
    """A 32- or 64-bit word as a Float32 in [0, 1): its signed value folded onto the positive range (negatives
    n to -n - 1) times 2^-31 (2^-63 for 64-bit words), rounded below 1."""
    fx = _fx()
    if _word_width(word, "uniform conversion") == 32:
        st, scale = fx.Int32, 4.6566127342e-10
    else:
        st, scale = fx.Int64, 1.0842020432385337e-19
    v = _static_int(word)
    if v is not None:  # exact here, also where the word's top bit is set
        w = 32 if st is fx.Int32 else 64
        v &= (1 << w) - 1
        sv = v - (1 << w) if v >> (w - 1) else v
        return fx.Float32(float(-sv - 1 if sv < 0 else sv)) * fx.Float32(scale)
    i = word.to(st) if hasattr(word, "to") else st(word)
    folded = (i < st(0)).select(-i - st(1), i)
    return fx.Float32(folded) * fx.Float32(scale)


_uniform = uint_to_uniform_float


def rand(seed, offset, n_rounds=10):
    """A Float32 uniform in [0, 1)."""
    return _uniform(randint(seed, offset, n_rounds))


def rand4x(seed, offset, n_rounds=10):
    """Four Float32 uniforms in [0, 1)."""
    w = randint4x(seed, offset, n_rounds)
    return _uniform(w[0]), _uniform(w[1]), _uniform(w[2]), _uniform(w[3])


def pair_uniform_to_normal(u1, u2):
    """Box-Muller: two standard normals from two uniforms (u1 kept at least 1e-7 so its log is finite)."""
    fx = _fx()
    u1 = fx.max(u1, fx.Float32(1.0e-7))
    r = fx.math.sqrt(fx.Float32(-2.0) * fx.math.log(u1))
    t = fx.Float32(6.283185307179586) * u2
    return r * fx.math.cos(t), r * fx.math.sin(t)


_normal_pair = pair_uniform_to_normal


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
BLOCKS = ["philox", "philox_impl", "uint_to_uniform_float", "pair_uniform_to_normal"]
