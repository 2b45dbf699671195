"""numpy._arrayprint (flyi): repr/str of arrays and scalars in numpy 1.24's format: shortest
round-trip digits per dtype (float16/float32 by their own precision), the positional or scientific
choice over the whole array, column padding, line wrapping at 75 characters and summarisation with
"..." beyond 1000 elements (3 edge items)."""

import struct as _struct
import numpy as _np

_opts = _np._printopts

# ------------------------------------------------------------------ shortest digits

_FMT = {"float16": ("e", 5), "float32": ("f", 9)}


def _shortest(x, name):
    """(sign, digits, exponent): x = 0.digits * 10**exponent with the fewest digits that read back
    as the same value of dtype name."""
    if name in _FMT:
        code, maxp = _FMT[name]
        for p in range(1, maxp + 1):
            s = "%.*e" % (p - 1, x)
            try:
                if _struct.unpack(code, _struct.pack(code, float(s)))[0] == x:
                    break
            except OverflowError:
                pass
    else:
        s = repr(float(x))
        if "e" not in s:
            s = "%.*e" % (_sig_digits(s) - 1, x)
            if float(s) != x:
                s = "%.17e" % x
    mant, ex = s.split("e")
    neg = mant.startswith("-")
    digits = mant.lstrip("-").replace(".", "").rstrip("0") or "0"
    return neg, digits, int(ex) + 1


def _sig_digits(s):
    s = s.lstrip("-").replace(".", "").lstrip("0").rstrip("0")
    return max(len(s), 1)


def _positional(x, name, precision):
    """dragon4_positional(unique=True, trim='.'): shortest digits, at most precision fraction digits."""
    neg, digits, ex = _shortest(x, name)
    if digits == "0":
        ip, fp = "0", ""
    elif ex <= 0:
        ip, fp = "0", "0" * (-ex) + digits
    elif ex >= len(digits):
        ip, fp = digits + "0" * (ex - len(digits)), ""
    else:
        ip, fp = digits[:ex], digits[ex:]
    if precision is not None and len(fp) > precision:
        s = "%.*f" % (precision, abs(x))
        ip, fp = s.split(".")
        fp = fp.rstrip("0")
    return ("-" if neg else "") + ip, fp


def _scientific(x, name, precision):
    neg, digits, ex = _shortest(x, name)
    e = ex - 1 if digits != "0" else 0
    ip, fp = digits[0], digits[1:]
    if precision is not None and len(fp) > precision:
        s = "%.*e" % (precision, abs(x))
        m, es = s.split("e")
        ip, fp = m.split(".")
        fp = fp.rstrip("0")
        e = int(es)
    return ("-" if neg else "") + ip, fp, e


def format_positional(x, precision=None, trim="k"):
    name = getattr(getattr(x, "dtype", None), "name", "float64")
    ip, fp = _positional(float(x), name, precision)
    if trim == "-":
        return ip if not fp else ip + "." + fp
    return ip + "." + (fp if fp or trim == "." else "0")


def _exp_text(e, size):
    return "e" + ("-" if e < 0 else "+") + str(abs(e)).rjust(size, "0")


# ------------------------------------------------------------------ element formatters

def _isfinite(v):
    return v == v and v not in (float("inf"), float("-inf"))


def _float_formatter(vals, name):
    finite = [v for v in vals if _isfinite(v)]
    nz = [abs(v) for v in finite if v != 0]
    prec = _opts["precision"]
    exp = False
    if nz:
        mx, mn = max(nz), min(nz)
        if mx >= 1e8 or (not _opts["suppress"] and (mn < 0.0001 or mx / mn > 1000.0)):
            exp = True
    if not finite:
        pad_left, pad_right = 0, 0
        fmt = None
    elif exp:
        parts = [_scientific(v, name, prec) for v in finite]
        exp_size = max(len(str(abs(p[2]))) for p in parts)
        exp_size = max(exp_size, 2)
        fprec = max(len(p[1]) for p in parts)
        pad_left = max(len(p[0]) for p in parts)
        pad_right = exp_size + 2 + fprec

        def fmt(v):
            ip, fp, e = _scientific(v, name, prec)
            s = ip + "." + fp.ljust(fprec, "0") + _exp_text(e, exp_size)
            return s.rjust(pad_left + 1 + pad_right)
    else:
        parts = [_positional(v, name, prec) for v in finite]
        pad_left = max(len(p[0]) for p in parts)
        pad_right = max(len(p[1]) for p in parts)

        def fmt(v):
            ip, fp = _positional(v, name, prec)
            return ip.rjust(pad_left) + "." + fp.ljust(pad_right)
    if len(finite) != len(vals):
        neginf = any(v == float("-inf") for v in vals)
        offset = pad_right + 1
        pad_left = max(pad_left, 3 - offset, 3 + neginf - offset)
    width = pad_left + pad_right + 1

    def f(v):
        if v != v:
            return "nan".rjust(width)
        if v == float("inf"):
            return "inf".rjust(width)
        if v == float("-inf"):
            return "-inf".rjust(width)
        s = fmt(v)
        return s.rjust(width)
    return f


def _formatter(a, vals):
    k = a.dtype.kind
    if k == "b":
        t = " True" if a.ndim else "True"
        return lambda v: t if v else "False"
    if k in "iu":
        w = max((len(str(v)) for v in vals), default=1)
        return lambda v: str(v).rjust(w)
    return _float_formatter(vals, a.dtype.name)


# ------------------------------------------------------------------ layout

def _extend(s, line, word, width, prefix):
    if len(line) + len(word) > width and len(line) > len(prefix):
        s += line.rstrip() + "\n"
        line = prefix
    return s, line + word


def _nested(a, summarise):
    """The values to print: nested lists (with only the edge items when summarising)."""
    edge = _opts["edgeitems"]
    if not summarise:
        return a.tolist()

    def cut(x):
        if x.ndim == 0:
            return x.item()
        n = x.shape[0]
        if n > 2 * edge:
            return [cut(x[i]) for i in range(edge)] + [None] + [cut(x[i]) for i in range(n - edge, n)]
        return [cut(x[i]) for i in range(n)]
    return cut(a)


def _flatten(x, out):
    if isinstance(x, list):
        for e in x:
            _flatten(e, out)
    elif x is not None:
        out.append(x)
    return out


def array2string(a, sep=" ", prefix="", suffix=""):
    if a.size == 0:
        return "[]"
    summarise = a.size > _opts["threshold"]
    nested = _nested(a, summarise)
    vals = _flatten(nested, [])
    fmt = _formatter(a, vals)
    if a.ndim == 0:
        return fmt(a.item())
    return _format_cut(nested, a.ndim, fmt, _opts["linewidth"] - len(suffix), " " * (len(prefix) + 1), sep)


def _format_cut(nested, nd, fmt, width, prefix, sep):
    """numpy's _formatArray over nested lists in which None stands for the summary '...'."""
    def rec(x, depth, indent, cur):
        if depth == nd:
            return fmt(x)
        nxt = indent + " "
        if nd - depth == 1:
            ew = cur - max(len(sep.rstrip()), 1)
            s, line = "", indent
            for j, e in enumerate(x):
                word = "..." if e is None else rec(e, depth + 1, nxt, cur - 1)
                s, line = _extend(s, line, word, ew, indent)
                if j != len(x) - 1:
                    line += sep
            s += line
        else:
            s = ""
            line_sep = sep.rstrip() + "\n" * (nd - depth - 1)
            for j, e in enumerate(x):
                sub = "..." if e is None else rec(e, depth + 1, nxt, cur - 1)
                s += indent + sub + ("" if j == len(x) - 1 else line_sep)
        return "[" + s[len(indent):] + "]"
    return rec(nested, 0, prefix, width)


_IMPLIED = ("float64", "int64", "bool")


def array_repr(a):
    if a.ndim == 0 and not isinstance(a, _np.ndarray):
        return scalar_repr(a)
    skip = a.dtype.name in _IMPLIED and a.size > 0
    prefix = "array("
    suffix = ")" if skip else ","
    if a.size > 0 or a.shape == (0,):
        lst = array2string(a, ", ", prefix, suffix)
    else:
        lst = "[], shape=" + repr(a.shape)
    s = prefix + lst + suffix
    if skip:
        return s
    dt = "dtype=" + a.dtype.name + ")"
    last = len(s) - (s.rfind("\n") + 1)
    spacer = " "
    if last + len(dt) + 1 > _opts["linewidth"]:
        spacer = "\n" + " " * len(prefix)
    return s + spacer + dt


def array_str(a):
    if a.ndim == 0:
        return scalar_str(a)
    return array2string(a, " ", "")


def scalar_repr(s):
    k = s.dtype.kind
    v = s.item()
    if k == "f":
        return _float_scalar(v, s.dtype.name)
    return str(v)


def scalar_str(s):
    return scalar_repr(s)


def _float_scalar(v, name):
    if v != v:
        return "nan"
    if v in (float("inf"), float("-inf")):
        return "inf" if v > 0 else "-inf"
    if name == "float64":
        return repr(v)
    neg, digits, ex = _shortest(v, name)
    e = ex - 1
    if v == 0 or -4 <= e < 16:
        ip, fp = _positional(v, name, None)
        return ip + "." + (fp or "0")
    m = digits[0] + ("." + digits[1:] if len(digits) > 1 else "")
    return ("-" if neg else "") + m + _exp_text(e, 2)
