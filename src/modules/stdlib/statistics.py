"""Basic statistics of numeric data (after CPython 3.11's statistics).

Integer data is computed exactly (results are ints when exact, else correctly rounded floats);
float data goes through math.fsum, so a last-digit difference from CPython (which sums floats
exactly as fractions) is possible. Decimal and Fraction data are not supported."""

import math
from collections import Counter

__all__ = ["NormalDist", "StatisticsError", "correlation", "covariance", "fmean", "geometric_mean",
           "harmonic_mean", "linear_regression", "mean", "median", "median_grouped", "median_high",
           "median_low", "mode", "multimode", "pstdev", "pvariance", "quantiles", "stdev", "variance"]


class StatisticsError(ValueError):
    pass


def _all_int(data):
    for x in data:
        if not isinstance(x, int):
            return False
    return True


def _check(data):
    for x in data:
        if not isinstance(x, (int, float)):
            raise TypeError("can't convert type '%s' to numerator/denominator" % type(x).__name__)


def _ratio(num, den):
    """num/den for ints: an int when exact, else the correctly rounded float."""
    if num % den == 0:
        return num // den
    return num / den


def mean(data):
    data = list(data)
    n = len(data)
    if n < 1:
        raise StatisticsError("mean requires at least one data point")
    _check(data)
    if _all_int(data):
        return _ratio(sum(data), n)
    return math.fsum(data) / n


def fmean(data, weights=None):
    if weights is None:
        data = list(data)
        n = len(data)
        if n == 0:
            raise StatisticsError("fmean requires at least one data point")
        return math.fsum(data) / n
    data = list(data)
    weights = list(weights)
    if len(weights) != len(data):
        raise StatisticsError("data and weights must be the same length")
    num = math.fsum(x * w for x, w in zip(data, weights))
    den = math.fsum(weights)
    if not den:
        raise StatisticsError("sum of weights must be non-zero")
    return num / den


def geometric_mean(data):
    data = list(data)
    if not data:
        raise StatisticsError("geometric mean requires a non-empty dataset containing positive numbers")
    try:
        return math.exp(fmean([math.log(x) for x in data]))
    except ValueError:
        raise StatisticsError("geometric mean requires a non-empty dataset containing positive numbers") from None


def harmonic_mean(data, weights=None):
    data = list(data)
    errmsg = "harmonic mean does not support negative values"
    n = len(data)
    if n < 1:
        raise StatisticsError("harmonic_mean requires at least one data point")
    elif n == 1 and weights is None:
        x = data[0]
        if isinstance(x, (int, float)):
            if x < 0:
                raise StatisticsError(errmsg)
            return x
        raise TypeError("unsupported type")
    if weights is None:
        weights = [1] * n
    else:
        weights = list(weights)
    for x in data:
        if x < 0:
            raise StatisticsError(errmsg)
    if any(x == 0 for x in data):
        return 0
    try:
        # exactly, as fractions (while they fit), like CPython
        num, den = 0, 1
        wn, wd = 0, 1
        for w, x in zip(weights, data):
            a, b = _as_ratio(w)
            c, d = _as_ratio(x)
            # += (a/b) / (c/d) = a*d / (b*c)
            p, q = a * d, b * c
            num, den = num * q + p * den, den * q
            g = math.gcd(num, den)
            num, den = num // g, den // g
            wn, wd = wn * b + a * wd, wd * b
            g = math.gcd(wn, wd)
            wn, wd = wn // g, wd // g
        rn, rd = wn * den, wd * num
        g = math.gcd(rn, rd)
        rn, rd = rn // g, rd // g
        return rn / rd  # CPython's terms w/x are floats: the result is a float
    except OverflowError:
        total = math.fsum(weights)
        return total / math.fsum(w / x for w, x in zip(weights, data))


def _as_ratio(x):
    if isinstance(x, int):
        return x, 1
    return x.as_integer_ratio()


def median(data):
    data = sorted(data)
    n = len(data)
    if n == 0:
        raise StatisticsError("no median for empty data")
    if n % 2 == 1:
        return data[n // 2]
    i = n // 2
    return (data[i - 1] + data[i]) / 2


def median_low(data):
    data = sorted(data)
    n = len(data)
    if n == 0:
        raise StatisticsError("no median for empty data")
    if n % 2 == 1:
        return data[n // 2]
    return data[n // 2 - 1]


def median_high(data):
    data = sorted(data)
    n = len(data)
    if n == 0:
        raise StatisticsError("no median for empty data")
    return data[n // 2]


def median_grouped(data, interval=1):
    data = sorted(data)
    n = len(data)
    if n == 0:
        raise StatisticsError("no median for empty data")
    elif n == 1:
        return data[0]
    x = data[n // 2]
    for obj in (x, interval):
        if isinstance(obj, (str, bytes)):
            raise TypeError("expected number but got %r" % obj)
    try:
        L = x - interval / 2
    except TypeError:
        L = float(x) - float(interval) / 2
    cf = 0
    for i, v in enumerate(data):
        if v == x:
            cf = i
            break
    f = data.count(x)
    return L + interval * (n / 2 - cf) / f


def mode(data):
    pairs = Counter(iter(data)).most_common(1)
    try:
        return pairs[0][0]
    except IndexError:
        raise StatisticsError("no mode for empty data") from None


def multimode(data):
    counts = Counter(iter(data))
    if not counts:
        return []
    maxcount = max(counts.values())
    return [value for value, count in counts.items() if count == maxcount]


def _ss_int(data):
    n = len(data)
    total = sum(data)
    return n * sum(x * x for x in data) - total * total, n


def _ss_float(data, c=None):
    if c is None:
        c = math.fsum(data) / len(data)
    return math.fsum((x - c) ** 2 for x in data) - math.fsum(x - c for x in data) ** 2 / len(data)


def variance(data, xbar=None):
    data = list(data)
    n = len(data)
    if n < 2:
        raise StatisticsError("variance requires at least two data points")
    _check(data)
    if _all_int(data) and xbar is None:
        num, n = _ss_int(data)
        return _ratio(num, n * (n - 1))
    return _ss_float(data, xbar) / (n - 1)


def pvariance(data, mu=None):
    data = list(data)
    n = len(data)
    if n < 1:
        raise StatisticsError("pvariance requires at least one data point")
    _check(data)
    if _all_int(data) and mu is None:
        num, n = _ss_int(data)
        return _ratio(num, n * n)
    return _ss_float(data, mu) / n


def _isqrt_ratio(num, den):
    if num % den == 0:
        q = num // den
        r = math.isqrt(q) if hasattr(math, "isqrt") else int(math.sqrt(q))
        if r * r == q:
            return float(r)
    return math.sqrt(num / den)


def stdev(data, xbar=None):
    data = list(data)
    n = len(data)
    if n < 2:
        raise StatisticsError("stdev requires at least two data points")
    _check(data)
    if _all_int(data) and xbar is None:
        num, n = _ss_int(data)
        return _isqrt_ratio(num, n * (n - 1))
    return math.sqrt(_ss_float(data, xbar) / (n - 1))


def pstdev(data, mu=None):
    data = list(data)
    n = len(data)
    if n < 1:
        raise StatisticsError("pstdev requires at least one data point")
    _check(data)
    if _all_int(data) and mu is None:
        num, n = _ss_int(data)
        return _isqrt_ratio(num, n * n)
    return math.sqrt(_ss_float(data, mu) / n)


def quantiles(data, *, n=4, method="exclusive"):
    if n < 1:
        raise StatisticsError("n must be at least 1")
    data = sorted(data)
    ld = len(data)
    if ld < 2:
        raise StatisticsError("must have at least two data points")
    if method == "inclusive":
        m = ld - 1
        result = []
        for i in range(1, n):
            j, delta = divmod(i * m, n)
            interpolated = (data[j] * (n - delta) + data[j + 1] * delta) / n
            result.append(interpolated)
        return result
    if method == "exclusive":
        m = ld + 1
        result = []
        for i in range(1, n):
            j = i * m // n
            j = 1 if j < 1 else ld - 1 if j > ld - 1 else j
            delta = i * m - j * n
            interpolated = (data[j - 1] * (n - delta) + data[j] * delta) / n
            result.append(interpolated)
        return result
    raise ValueError(f"Unknown method: {method!r}")


def covariance(x, y, /):
    n = len(x)
    if len(y) != n:
        raise StatisticsError("covariance requires that both inputs have same number of data points")
    if n < 2:
        raise StatisticsError("covariance requires at least two data points")
    xbar = fmean(x)
    ybar = fmean(y)
    sxy = math.fsum((xi - xbar) * (yi - ybar) for xi, yi in zip(x, y))
    return sxy / (n - 1)


def correlation(x, y, /):
    n = len(x)
    if len(y) != n:
        raise StatisticsError("correlation requires that both inputs have same number of data points")
    if n < 2:
        raise StatisticsError("correlation requires at least two data points")
    xbar = fmean(x)
    ybar = fmean(y)
    sxy = math.fsum((xi - xbar) * (yi - ybar) for xi, yi in zip(x, y))
    sxx = math.fsum((xi - xbar) * (xi - xbar) for xi in x)
    syy = math.fsum((yi - ybar) * (yi - ybar) for yi in y)
    try:
        return sxy / math.sqrt(sxx * syy)
    except ZeroDivisionError:
        raise StatisticsError("at least one of the inputs is constant")


class LinearRegression(tuple):
    def __new__(cls, slope, intercept):
        return tuple.__new__(cls, (slope, intercept))

    slope = property(lambda self: self[0])
    intercept = property(lambda self: self[1])

    def __repr__(self):
        return "LinearRegression(slope=%r, intercept=%r)" % (self[0], self[1])


def linear_regression(x, y, /, *, proportional=False):
    n = len(x)
    if len(y) != n:
        raise StatisticsError("linear regression requires that both inputs have same number of data points")
    if n < 2:
        raise StatisticsError("linear regression requires at least two data points")
    if proportional:
        sxy = math.fsum(xi * yi for xi, yi in zip(x, y))
        sxx = math.fsum(xi * xi for xi in x)
    else:
        xbar = fmean(x)
        ybar = fmean(y)
        sxy = math.fsum((xi - xbar) * (yi - ybar) for xi, yi in zip(x, y))
        sxx = math.fsum((xi - xbar) * (xi - xbar) for xi in x)
    try:
        slope = sxy / sxx
    except ZeroDivisionError:
        raise StatisticsError("x is constant")
    intercept = 0.0 if proportional else ybar - slope * xbar
    return LinearRegression(slope=slope, intercept=intercept)


class NormalDist:
    """Normal distribution of a random variable (mean mu, standard deviation sigma)."""

    __slots__ = ("_mu", "_sigma")

    def __init__(self, mu=0.0, sigma=1.0):
        if sigma < 0.0:
            raise StatisticsError("sigma must be non-negative")
        self._mu = float(mu)
        self._sigma = float(sigma)

    @classmethod
    def from_samples(cls, data):
        return cls(*_mean_stdev(data))

    def pdf(self, x):
        variance = self._sigma * self._sigma
        if not variance:
            raise StatisticsError("pdf() not defined when sigma is zero")
        diff = x - self._mu
        return math.exp(diff * diff / (-2.0 * variance)) / math.sqrt(2.0 * math.pi * variance)

    def cdf(self, x):
        if not self._sigma:
            raise StatisticsError("cdf() not defined when sigma is zero")
        return 0.5 * (1.0 + math.erf((x - self._mu) / (self._sigma * math.sqrt(2.0))))

    @property
    def mean(self):
        return self._mu

    @property
    def median(self):
        return self._mu

    @property
    def mode(self):
        return self._mu

    @property
    def stdev(self):
        return self._sigma

    @property
    def variance(self):
        return self._sigma * self._sigma

    def __eq__(x1, x2):
        if not isinstance(x2, NormalDist):
            return NotImplemented
        return x1._mu == x2._mu and x1._sigma == x2._sigma

    def __hash__(self):
        return hash((self._mu, self._sigma))

    def __repr__(self):
        return f"{type(self).__name__}(mu={self._mu!r}, sigma={self._sigma!r})"


def _mean_stdev(data):
    data = [float(x) for x in data]
    if len(data) < 2:
        raise StatisticsError("stdev requires at least two data points")
    return fmean(data), stdev(data)
