"""_pytest_approx - pytest.approx: numbers, sequences and mappings of numbers compared within a
tolerance (relative 1e-6 and absolute 1e-12 by default), with pytest's repr ("2.0 ± 2.0e-06")."""

import math


def _is_number(x):
    return isinstance(x, (int, float, complex)) and not isinstance(x, bool) or isinstance(x, bool)


class ApproxBase:
    _approx_marker = True
    __hash__ = None

    def __init__(self, expected, rel=None, abs=None, nan_ok=False):
        self.expected = expected
        self.rel = rel
        self.abs = abs
        self.nan_ok = nan_ok

    def __ne__(self, actual):
        return not (self == actual)

    def _scalar(self, x):
        return ApproxScalar(x, rel=self.rel, abs=self.abs, nan_ok=self.nan_ok)

    def __bool__(self):
        raise AssertionError("approx() is not supported in a boolean context.\nDid you mean: "
                             "`assert a == approx(b)`?")


class ApproxScalar(ApproxBase):
    DEFAULT_ABSOLUTE_TOLERANCE = 1e-12
    DEFAULT_RELATIVE_TOLERANCE = 1e-6

    def __repr__(self):
        if not isinstance(self.expected, (int, float, complex)) or isinstance(self.expected, bool):
            return str(self.expected)
        try:
            tol = "%.1e" % self.tolerance
            if isinstance(self.expected, complex) and self.expected.imag and not math.isinf(self.tolerance):
                tol += " \u2220 \u00b1180\u00b0"
        except ValueError:
            tol = "???"
        return "%s \u00b1 %s" % (self.expected, tol)

    def __eq__(self, actual):
        if isinstance(actual, (list, tuple)) or isinstance(actual, dict):
            return False
        if actual == self.expected:
            return True
        nums = (int, float, complex)
        if not (isinstance(self.expected, nums) and isinstance(actual, nums)):
            return False
        if math.isnan(abs(self.expected)):
            return self.nan_ok and math.isnan(abs(actual))
        if math.isinf(abs(self.expected)):
            return False
        return abs(self.expected - actual) <= self.tolerance

    @property
    def tolerance(self):
        a = self.abs if self.abs is not None else self.DEFAULT_ABSOLUTE_TOLERANCE
        if a < 0:
            raise ValueError("absolute tolerance can't be negative: %s" % a)
        if math.isnan(a):
            raise ValueError("absolute tolerance can't be NaN.")
        if self.rel is None and self.abs is not None:
            return a
        r = (self.rel if self.rel is not None else self.DEFAULT_RELATIVE_TOLERANCE) * abs(self.expected)
        if r < 0:
            raise ValueError("relative tolerance can't be negative: %s" % r)
        if math.isnan(r):
            raise ValueError("relative tolerance can't be NaN.")
        return max(r, a)

    def _repr_compare(self, other):
        return ["comparison failed", "Obtained: %s" % (other,), "Expected: %s" % (self,)]


class _ScalarList(list):
    def __repr__(self):
        return "[" + ", ".join(repr(x) for x in self) + "]"


class ApproxSequence(ApproxBase):
    def __repr__(self):
        items = ", ".join(repr(self._scalar(x)) for x in self.expected)
        if isinstance(self.expected, tuple):
            if len(self.expected) == 1:
                items += ","
            return "approx((%s))" % items
        return "approx([%s])" % items

    def __eq__(self, actual):
        try:
            if len(actual) != len(self.expected):
                return False
        except TypeError:
            return False
        for a, e in zip(actual, self.expected):
            if not (self._scalar(e) == a):
                return False
        return True

    def _repr_compare(self, other):
        if len(other) != len(self.expected):
            return ["Impossible to compare lists with different sizes.",
                    "Lengths: %d and %d" % (len(self.expected), len(other))]
        bad = [i for i, (a, e) in enumerate(zip(other, self.expected)) if not (self._scalar(e) == a)]
        out = ["comparison failed. Mismatched elements: %d / %d:" % (len(bad), len(self.expected))]
        diffs = [abs(other[i] - self.expected[i]) for i in bad]
        rels = [abs(other[i] - self.expected[i]) / abs(self.expected[i]) if self.expected[i] else math.inf
                for i in bad]
        out.append("Max absolute difference: %s" % max(diffs))
        out.append("Max relative difference: %s" % max(rels))
        out.append("Index | Obtained | Expected")
        for i in bad:
            out.append("%s | %s | %s" % (i, other[i], self._scalar(self.expected[i])))
        return out


class ApproxMapping(ApproxBase):
    def __repr__(self):
        items = ", ".join("%r: %r" % (k, self._scalar(v)) for k, v in self.expected.items())
        return "approx({%s})" % items

    def __eq__(self, actual):
        try:
            if set(actual.keys()) != set(self.expected.keys()):
                return False
        except AttributeError:
            return False
        for k, e in self.expected.items():
            if not (self._scalar(e) == actual[k]):
                return False
        return True

    def _repr_compare(self, other):
        bad = [k for k, e in self.expected.items() if k in other and not (self._scalar(e) == other[k])]
        out = ["comparison failed. Mismatched elements: %d / %d:" % (len(bad), len(self.expected))]
        out.append("Index | Obtained | Expected")
        for k in bad:
            out.append("%s | %s | %s" % (k, other[k], self._scalar(self.expected[k])))
        return out


def approx(expected, rel=None, abs=None, nan_ok=False):
    if isinstance(expected, dict):
        cls = ApproxMapping
    elif isinstance(expected, (list, tuple)):
        cls = ApproxSequence
    elif isinstance(expected, (set, frozenset, str, bytes)):
        raise TypeError("pytest.approx() does not support nested data structures or type %s"
                        % type(expected).__name__)
    else:
        cls = ApproxScalar
    return cls(expected, rel, abs, nan_ok)
