"""numpy.random (flyi): the legacy RandomState stream (MT19937 seeded as np.random.seed does), so
that a seeded program draws numpy's numbers: rand, random_sample, uniform, randn, standard_normal,
normal, randint, choice, permutation, shuffle. default_rng() returns a Generator with numpy's method
names over the same MT19937 stream (numpy's Generator uses PCG64: its numbers differ)."""

import math as _math
import _numpy as _C
import numpy as _np


def _size(size):
    if size is None:
        return None, 1
    if isinstance(size, int) or hasattr(size, "__index__") and not isinstance(size, (tuple, list)):
        size = (int(size),)
    size = tuple(int(s) for s in size)
    return size, _math.prod(size)


def _out(t, shape, d=None):
    """size=None gives a Python float / int, as RandomState does."""
    d = d or _np._DTYPES["float64"]
    if shape is None:
        return _np._scalar(t.reshape(()), d).item()
    return _np._wrap(t.reshape(list(shape)), d)


def seed(seed=None):
    if seed is None:
        import time
        seed = int(time.time() * 1000) & 0xFFFFFFFF
    _C.mt_seed(int(seed))


def random_sample(size=None):
    shape, n = _size(size)
    return _out(_C.mt_draw(0, n, 0.0, 1.0), shape)


random = random_sample
ranf = random_sample
sample = random_sample


def rand(*shape):
    return random_sample(shape if shape else None)


def uniform(low=0.0, high=1.0, size=None):
    shape, n = _size(size)
    lo, hi = float(low), float(high)
    return _out(_C.mt_draw(0, n, lo, hi - lo), shape)


def standard_normal(size=None):
    shape, n = _size(size)
    return _out(_C.mt_draw(1, n, 0.0, 1.0), shape)


def randn(*shape):
    return standard_normal(shape if shape else None)


def normal(loc=0.0, scale=1.0, size=None):
    shape, n = _size(size)
    return _out(_C.mt_draw(1, n, float(loc), float(scale)), shape)


def randint(low, high=None, size=None, dtype=int):
    if high is None:
        low, high = 0, low
    low, high = int(low), int(high)
    if low >= high:
        raise ValueError("low >= high")
    shape, n = _size(size)
    d = _np.dtype(dtype)
    t = _C.mt_draw(2 if d.itemsize >= 4 or d.kind == "b" else 3 if d.itemsize == 1 else 4, n, low, high - 1 - low)
    return _out(_np._cast(t, _np._DTYPES["int64"], d), shape, d)


random_integers = None


def permutation(x):
    if isinstance(x, int):
        a = _np.arange(x)
    else:
        a = _np.array(x)
    shuffle(a)
    return a


def shuffle(x):
    n = len(x)
    for i in range(n - 1, 0, -1):
        j = int(_C.mt_draw(2, 1, 0, i)[0].item())
        if i != j:
            if isinstance(x, _np.ndarray):
                xi = x[i].copy() if x.ndim > 1 else x[i]
                x[i] = x[j]
                x[j] = xi
            else:
                x[i], x[j] = x[j], x[i]


def choice(a, size=None, replace=True, p=None):
    pool = _np.arange(a) if isinstance(a, int) else _np.asarray(a)
    shape, n = _size(size)
    if p is not None:
        cdf = _np.cumsum(_np.asarray(p, dtype=float))
        cdf = cdf / cdf[-1]
        u = _C.mt_draw(0, n, 0.0, 1.0)
        idx = [int(_np.sum(cdf <= v)) for v in u.tolist()]
    elif replace:
        idx = _C.mt_draw(2, n, 0, len(pool) - 1).tolist()
    else:
        idx = permutation(len(pool))[:n].tolist()
    r = pool[_np.array(idx, dtype=_np.int64)]
    return r[0] if shape is None else r.reshape(shape)


def get_state():
    raise NotImplementedError("numpy.random.get_state (flyi)")


class RandomState:
    """RandomState(seed): re-seeds the one legacy stream (flyi keeps a single MT19937 state)."""

    def __init__(self, seed_=None):
        seed(seed_)

    def seed(self, s=None):
        seed(s)


for _n in ("random_sample", "random", "rand", "uniform", "standard_normal", "randn", "normal", "randint",
           "permutation", "shuffle", "choice"):
    setattr(RandomState, _n, staticmethod(globals()[_n]))


class Generator:
    """numpy.random.Generator's methods over the MT19937 stream."""

    def __init__(self, s=None):
        if s is not None:
            seed(int(s) & 0xFFFFFFFF)

    def random(self, size=None, dtype=None):
        r = random_sample(size)
        return r.astype(dtype) if dtype is not None else r

    def integers(self, low, high=None, size=None, dtype=_np.int64, endpoint=False):
        if high is None:
            low, high = 0, low
        return randint(low, high + 1 if endpoint else high, size, dtype)

    def uniform(self, low=0.0, high=1.0, size=None):
        return uniform(low, high, size)

    def normal(self, loc=0.0, scale=1.0, size=None):
        return normal(loc, scale, size)

    def standard_normal(self, size=None, dtype=None):
        r = standard_normal(size)
        return r.astype(dtype) if dtype is not None else r

    def permutation(self, x):
        return permutation(x)

    def shuffle(self, x):
        shuffle(x)

    def choice(self, a, size=None, replace=True, p=None):
        return choice(a, size, replace, p)


def default_rng(seed=None):
    return Generator(seed)
