"""numpy.testing (flyi): assert_allclose, assert_array_equal, assert_equal, assert_array_almost_equal,
assert_almost_equal, assert_array_less, with numpy 1.24's failure messages."""

import numpy as _np
import numpy._arrayprint  # noqa: F401 (the x:/y: lines)


def _header(msg, err_msg, names=("x", "y")):
    return msg


def _report(header, x, y, bad, err_msg, with_diff=True):
    n, total = int(_np.sum(bad)), bad.size
    lines = ["", header, ""]
    if err_msg:
        lines.insert(2, err_msg)
    pct = 100.0 * n / total if total else 0.0
    lines.append("Mismatched elements: %d / %d (%s%%)" % (n, total, ("%.3g" % pct)))
    if with_diff and x.dtype.kind in "iuf" and y.dtype.kind in "iuf":
        dt = _np.result_type(x, y)
        dt = dt if dt.kind == "f" else _np.dtype(_np.float64)
        xf, yf = x.astype(dt), y.astype(dt)
        fin = _np.isfinite(xf) & _np.isfinite(yf) & bad
        if x.dtype.kind != "f" and y.dtype.kind != "f":
            dt = _np.result_type(x, y)
            diff = _np.abs(x.astype(_np.int64) - y.astype(_np.int64)) if dt.kind != "b" else bad
        else:
            diff = _np.abs(xf - yf)
        if bool(_np.any(fin)) or x.dtype.kind != "f":
            ad = diff[bad] if x.dtype.kind == "f" or y.dtype.kind == "f" else diff
            mad = _np.max(ad if ad.size else diff)
            lines.append("Max absolute difference: " + _np._arrayprint.array2string(_np.asarray(mad)))
            ya = _np.abs(yf)
            with _np.errstate(divide="ignore", invalid="ignore"):
                rel = diff / ya if x.dtype.kind == "f" or y.dtype.kind == "f" else diff / ya
            rel = rel[bad] if rel.ndim else rel
            rel = _np.where(_np.isnan(rel), 0.0, rel) if rel.size else rel
            mrd = _np.max(rel) if rel.size else 0.0
            lines.append("Max relative difference: " + _np._arrayprint.array2string(_np.asarray(mrd)))
    lines.append(" x: " + _indent(repr(x)))
    lines.append(" y: " + _indent(repr(y)))
    return "\n".join(lines)


def _indent(s):
    return s.replace("\n", "\n    ")


def _shapes(x, y, header, err_msg):
    if x.shape != y.shape and not (x.ndim == 0 or y.ndim == 0):
        lines = ["", header, ""]
        if err_msg:
            lines.insert(2, err_msg)
        lines.append("(shapes %s, %s mismatch)" % (x.shape, y.shape))
        lines.append(" x: " + _indent(repr(x)))
        lines.append(" y: " + _indent(repr(y)))
        raise AssertionError("\n".join(lines))


def assert_allclose(actual, desired, rtol=1e-07, atol=0, equal_nan=True, err_msg="", verbose=True):
    x, y = _np.asarray(actual), _np.asarray(desired)
    header = "Not equal to tolerance rtol=%g, atol=%g" % (rtol, atol)
    _shapes(x, y, header, err_msg)
    ok = _np.isclose(x, y, rtol=rtol, atol=atol, equal_nan=equal_nan)
    if not bool(_np.all(ok)):
        bad = ~ok if ok.ndim else ~ok.reshape(1)
        raise AssertionError(_report(header, x, y, bad, err_msg))


def assert_array_equal(x, y, err_msg="", verbose=True, strict=False):
    x, y = _np.asarray(x), _np.asarray(y)
    header = "Arrays are not equal"
    _shapes(x, y, header, err_msg)
    eq = (x == y)
    if x.dtype.kind == "f" or y.dtype.kind == "f":
        eq = eq | (_np.isnan(x) & _np.isnan(y))
    eq = _np.asarray(eq)
    if not bool(_np.all(eq)):
        bad = ~eq if eq.ndim else ~eq.reshape(1)
        raise AssertionError(_report(header, x, y, bad, err_msg))


def assert_equal(actual, desired, err_msg="", verbose=True):
    if isinstance(actual, (_np.ndarray, list, tuple)) or isinstance(desired, _np.ndarray):
        if isinstance(actual, (list, tuple)) and isinstance(desired, (list, tuple)):
            assert len(actual) == len(desired), "\nItems are not equal: length %d != %d" % (len(actual), len(desired))
            for a, d in zip(actual, desired):
                assert_equal(a, d, err_msg)
            return
        return assert_array_equal(actual, desired, err_msg)
    if not (actual == desired):
        raise AssertionError("\nItems are not equal:\n%s ACTUAL: %r\n DESIRED: %r" %
                             ((" " + err_msg + "\n") if err_msg else "", actual, desired))


def assert_array_almost_equal(x, y, decimal=6, err_msg="", verbose=True):
    x, y = _np.asarray(x), _np.asarray(y)
    header = "Arrays are not almost equal to %d decimals" % decimal
    _shapes(x, y, header, err_msg)
    ok = _np.abs(x.astype(_np.float64) - y.astype(_np.float64)) < 1.5 * 10.0 ** (-decimal)
    ok = ok | (_np.isnan(x) & _np.isnan(y)) if x.dtype.kind == "f" else ok
    ok = _np.asarray(ok)
    if not bool(_np.all(ok)):
        raise AssertionError(_report(header, x, y, ~ok if ok.ndim else ~ok.reshape(1), err_msg))


def assert_almost_equal(actual, desired, decimal=7, err_msg="", verbose=True):
    if isinstance(actual, _np.ndarray) or isinstance(desired, _np.ndarray):
        return assert_array_almost_equal(actual, desired, decimal, err_msg)
    if abs(desired - actual) >= 1.5 * 10.0 ** (-decimal):
        raise AssertionError("\nArrays are not almost equal to %d decimals\n ACTUAL: %r\n DESIRED: %r" %
                             (decimal, actual, desired))


def assert_array_less(x, y, err_msg="", verbose=True):
    x, y = _np.asarray(x), _np.asarray(y)
    ok = _np.asarray(x < y)
    if not bool(_np.all(ok)):
        raise AssertionError(_report("Arrays are not less-ordered", x, y, ~ok if ok.ndim else ~ok.reshape(1),
                                     err_msg))


def assert_(val, msg=""):
    if not val:
        raise AssertionError(msg)
