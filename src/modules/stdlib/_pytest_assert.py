"""_pytest_assert - the messages of asserts compiled for the test runner.

A test module or conftest imported by `pytest` is compiled with asserts that, on failure, call
one of the _fail_* functions here with the operands' values; they return the AssertionError to
raise, whose message reads as pytest's ("assert [1, 2] == [1, 3]" and its explanation lines).
"""

# verbosity of the running session (set by the runner: -v counts up, -q down)
verbosity = 0

_SEQ_MAX = 6
_DICT_MAX = 4


def _ellipsize(s, maxsize):
    if len(s) > maxsize:
        i = max(0, (maxsize - 3) // 2)
        j = max(0, maxsize - 3 - i)
        return s[:i] + "..." + s[len(s) - j:]
    return s


def _repr_instance(x, maxsize):
    try:
        s = repr(x)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as exc:
        try:
            info = repr(exc)
        except BaseException:
            info = "unpresentable exception"
        s = "<[%s raised in repr()] %s object at 0x%x>" % (info, type(x).__name__, id(x))
    return _ellipsize(s, maxsize) if maxsize is not None else s


def _sorted(items):
    try:
        return sorted(items)
    except Exception:
        return list(items)


def _repr_level(x, level, maxsize):
    """reprlib.Repr's rules (six items of a list, four of a dict, nesting six deep), as
    pytest's saferepr applies them."""
    t = type(x)
    maxstring = maxsize if maxsize is not None else 1000000000
    if t is str:
        s = repr(x)
        if len(s) > maxstring:
            i = max(0, (maxstring - 3) // 2)
            j = max(0, maxstring - 3 - i)
            s = s[:i] + "..." + s[len(s) - j:]
        return s
    if t is int:
        s = repr(x)
        if len(s) > 40:
            i = max(0, (40 - 3) // 2)
            j = max(0, 40 - 3 - i)
            s = s[:i] + "..." + s[len(s) - j:]
        return s
    if t in (list, tuple, set, frozenset):
        if t is list:
            left, right, items = "[", "]", list(x)
        elif t is tuple:
            left, right, items = "(", ")", list(x)
        elif t is set:
            if not x:
                return "set()"
            left, right, items = "{", "}", _sorted(x)
        else:
            if not x:
                return "frozenset()"
            left, right, items = "frozenset({", "})", _sorted(x)
        if not items:
            return left + right
        if level <= 0:
            return left + "..." + right
        parts = [_repr_level(v, level - 1, maxsize) for v in items[:_SEQ_MAX]]
        if len(items) > _SEQ_MAX:
            parts.append("...")
        s = ", ".join(parts)
        if t is tuple and len(items) == 1:
            s += ","
        return left + s + right
    if t is dict:
        if not x:
            return "{}"
        if level <= 0:
            return "{...}"
        keys = _sorted(x.keys())
        parts = []
        for k in keys[:_DICT_MAX]:
            parts.append(_repr_level(k, level - 1, maxsize) + ": " + _repr_level(x[k], level - 1, maxsize))
        if len(keys) > _DICT_MAX:
            parts.append("...")
        return "{" + ", ".join(parts) + "}"
    return _repr_instance(x, maxsize)


def saferepr(obj, maxsize=240):
    """repr() that never raises and stays within maxsize characters (None: unlimited)."""
    try:
        s = _repr_level(obj, 6, maxsize)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException:
        s = _repr_instance(obj, maxsize)
    if maxsize is not None:
        s = _ellipsize(s, maxsize)
    return s


def _r(obj):
    return saferepr(obj).replace("\n", "\\n")


def _istext(x):
    return isinstance(x, str)


def _isdict(x):
    return isinstance(x, dict)


def _isset(x):
    return isinstance(x, (set, frozenset))


def _issequence(x):
    return isinstance(x, (list, tuple)) or (hasattr(x, "__getitem__") and hasattr(x, "__len__")
                                            and not isinstance(x, (str, bytes, dict)) and not _isset(x))


def _isiterable(x):
    try:
        iter(x)
        return not isinstance(x, (str, bytes))
    except Exception:
        return False


def _compare_eq_sequence(left, right):
    expl = []
    len_l, len_r = len(left), len(right)
    for i in range(min(len_l, len_r)):
        if left[i] != right[i]:
            expl.append("At index %d diff: %s != %s" % (i, saferepr(left[i]), saferepr(right[i])))
            return expl
    diff = len_l - len_r
    if diff:
        if diff > 0:
            dir_with_more, extra = "Left", saferepr(left[len_r])
        else:
            diff = -diff
            dir_with_more, extra = "Right", saferepr(right[len_l])
        if diff == 1:
            expl.append("%s contains one more item: %s" % (dir_with_more, extra))
        else:
            expl.append("%s contains %d more items, first extra item: %s" % (dir_with_more, diff, extra))
    return expl


def _compare_eq_set(left, right):
    expl = []
    dl = [x for x in left if x not in right]
    dr = [x for x in right if x not in left]
    if dl:
        expl.append("Extra items in the left set:")
        expl.extend(saferepr(x) for x in _sorted(dl))
    if dr:
        expl.append("Extra items in the right set:")
        expl.extend(saferepr(x) for x in _sorted(dr))
    return expl


def _compare_eq_dict(left, right):
    expl = []
    common = [k for k in left if k in right]
    same = {k: left[k] for k in common if left[k] == right[k]}
    if same and verbosity < 2:
        expl.append("Omitting %d identical items, use -vv to show" % len(same))
    diff = [k for k in common if left[k] != right[k]]
    if diff:
        expl.append("Differing items:")
        for k in diff:
            expl.append(saferepr({k: left[k]}) + " != " + saferepr({k: right[k]}))
    extra_l = [k for k in left if k not in right]
    if extra_l:
        n = len(extra_l)
        expl.append("Left contains %d more item%s:" % (n, "" if n == 1 else "s"))
        expl.append(saferepr({k: left[k] for k in extra_l}))
    extra_r = [k for k in right if k not in left]
    if extra_r:
        n = len(extra_r)
        expl.append("Right contains %d more item%s:" % (n, "" if n == 1 else "s"))
        expl.append(saferepr({k: right[k] for k in extra_r}))
    return expl


def _diff_text(left, right):
    # pytest shows difflib.ndiff(right, left); without difflib, the lines that differ
    ll = left.splitlines(True) or [""]
    rl = right.splitlines(True) or [""]
    expl = []
    if left.isspace() or right.isspace():
        ll, rl = [repr(left)], [repr(right)]
        expl.append("Strings contain only whitespace, escaping them using repr()")
    for i in range(max(len(ll), len(rl))):
        a = ll[i] if i < len(ll) else None
        b = rl[i] if i < len(rl) else None
        if a == b:
            expl.append("  " + a.strip("\n"))
            continue
        if b is not None:
            expl.append(("- " + b).strip("\n"))
        if a is not None:
            expl.append(("+ " + a).strip("\n"))
    return expl


def _compare_eq_any(left, right):
    if _istext(left) and _istext(right):
        return _diff_text(left, right)
    expl = []
    rc = getattr(left, "_repr_compare", None) if hasattr(left, "_approx_marker") else None
    if rc is None and hasattr(right, "_approx_marker"):
        rc = getattr(right, "_repr_compare", None)
        other = left
    else:
        other = right
    if rc is not None:
        return rc(other)
    if _issequence(left) and _issequence(right):
        expl = _compare_eq_sequence(left, right)
    elif _isset(left) and _isset(right):
        expl = _compare_eq_set(left, right)
    elif _isdict(left) and _isdict(right):
        expl = _compare_eq_dict(left, right)
    if _isiterable(left) and _isiterable(right):
        if verbosity < 1:
            expl.append("Use -v to get more diff")
        else:
            lf, rf = _pformat(left), _pformat(right)
            if len(lf) > 1 or len(rf) > 1:
                _parens_own_lines(lf)
                _parens_own_lines(rf)
            expl.append("Full diff:")
            expl.extend(_line_diff(rf, lf))
    return expl


def _pformat(obj):
    """pprint.pformat's lines at width 80: the repr, or one item per line."""
    r = repr(obj)
    if len(r) <= 80 or not isinstance(obj, (list, tuple, dict, set)):
        return [r]
    if isinstance(obj, dict):
        items = ["%r: %r" % (k, obj[k]) for k in _sorted(obj.keys())]
        o, c = "{", "}"
    else:
        items = [repr(x) for x in (_sorted(obj) if isinstance(obj, set) else obj)]
        o, c = {list: "[", tuple: "(", set: "{"}.get(type(obj), "["), {list: "]", tuple: ")", set: "}"}.get(type(obj), "]")
    if isinstance(obj, tuple) and len(items) == 1:
        items[0] += ","
    out = []
    for i, it in enumerate(items):
        out.append((o if i == 0 else " ") + it + ("," if i < len(items) - 1 else c))
    return out


def _parens_own_lines(lines):
    opening = lines[0][:1]
    if opening in ("(", "[", "{"):
        lines[0] = " " + lines[0][1:]
        lines.insert(0, opening)
    closing = lines[-1][-1:]
    if closing in (")", "]", "}"):
        lines[-1] = lines[-1][:-1] + ","
        lines.append(closing)


def _line_diff(a, b):
    """ndiff-like lines from a to b ("- " removed, "+ " added, "  " common), no hints."""
    n, m = len(a), len(b)
    if n * m > 250000:
        return ["- " + x for x in a] + ["+ " + x for x in b]
    L = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            L[i][j] = L[i + 1][j + 1] + 1 if a[i] == b[j] else max(L[i + 1][j], L[i][j + 1])
    out, i, j = [], 0, 0
    while i < n or j < m:
        if i < n and j < m and a[i] == b[j]:
            out.append("  " + a[i])
            i += 1
            j += 1
        elif j < m and (i >= n or L[i][j + 1] >= L[i + 1][j]):
            if i < n and (j + 1 > m or L[i + 1][j] >= L[i][j + 1]):
                out.append("- " + a[i])
                i += 1
            else:
                out.append("+ " + b[j])
                j += 1
        else:
            out.append("- " + a[i])
            i += 1
    return [x.rstrip() for x in out]


def _truncate(lines):
    """pytest's truncation of long explanations (8 lines, 640 characters) below -vv."""
    if verbosity >= 2:
        return lines
    if len(lines) <= 8 and len("".join(lines)) <= 640:
        return lines
    out = lines[:8]
    total = 0
    for i, l in enumerate(out):
        if total + len(l) > 640:
            out = out[:i] + [l[:640 - total]]
            break
        total += len(l)
    out[-1] = out[-1] + "..."
    hidden = len(lines) - len(out) + 1
    msg = "...Full output truncated (%d line%s hidden), use '-vv' to show" % (hidden, "" if hidden == 1 else "s")
    return out + ["", msg]


def _notin_text(term, text):
    index = text.find(term)
    head = text[:index]
    tail = text[index + len(term):]
    expl = ["%s is contained here:" % saferepr(term, 42)]
    for line in text.splitlines() or [""]:
        expl.append("  " + line)
    return expl


def _explain(op, left, right):
    """pytest's assertrepr_compare: the summary line and its explanation, or None."""
    maxsize = (80 - 15 - len(op) - 2) // 2
    if verbosity > 1:
        maxsize = None
    try:
        if op == "==":
            expl = _compare_eq_any(left, right)
        elif op == "not in" and _istext(left) and _istext(right):
            expl = _notin_text(left, right)
        else:
            expl = None
    except Exception as e:
        expl = ["(pytest_assertion plugin: representation of details failed: %s: %s." % (type(e).__name__, e),
                " Probably an object has a faulty __repr__.)"]
    if not expl:
        return None
    summary = "%s %s %s" % (saferepr(left, maxsize), op, saferepr(right, maxsize))
    lines = _truncate([summary] + expl)
    return lines[0] + "".join("\n  " + line for line in lines[1:])


def _make(msg, expl):
    text = "assert " + expl
    if msg is not None:
        text = str(msg) + "\n" + text
    e = AssertionError(text)
    return e


def _fail_compare(left, right, op, msg):
    expl = _explain(op, left, right)
    if expl is None:
        expl = "%s %s %s" % (_r(left), op, _r(right))
    return _make(msg, expl)


_BINOPS = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b,
           "/": lambda a, b: a / b, "//": lambda a, b: a // b, "%": lambda a, b: a % b,
           "**": lambda a, b: a ** b, "<<": lambda a, b: a << b, ">>": lambda a, b: a >> b,
           "&": lambda a, b: a & b, "|": lambda a, b: a | b, "^": lambda a, b: a ^ b,
           "@": lambda a, b: a @ b}


def _fail_compare_binop(lv, rv, res, right, op, binop, msg):
    """`assert a + b == c`: pytest shows the left operand's parts, "assert (1 + 1) == 3"."""
    expl = _explain(op, res, right)
    if expl is None:
        expl = "(%s %s %s) %s %s" % (_r(lv), binop, _r(rv), op, _r(right))
    return _make(msg, expl)


def _fail_compare_binop_t(vals, op, binop, msg):
    return _fail_compare_binop(vals[0], vals[1], vals[2], vals[3], op, binop, msg)


def _fail_value(value, msg):
    return _make(msg, _r(value))


def _fail_not(value, msg):
    return _make(msg, "not " + _r(value))


def _fail_boolop(values, shape, ops, is_or, msg):
    """`assert a and b`: the operands evaluated before the result was known, "(1 and 0)"."""
    expls, i, k = [], 0, 0
    for kind in shape:
        if kind == "c":
            left, right = values[i], values[i + 1]
            op = ops[k]
            k += 1
            i += 3
            expls.append("%s %s %s" % (_r(left), op, _r(right)))
        else:
            expls.append(_r(values[i]))
            i += 1
    return _make(msg, "(" + (" or " if is_or else " and ").join(expls) + ")")


def _call_t(t):
    """The call of an explained assert operand: t is (function, arguments...)."""
    return t[0](*t[1:])


def _name_expl(name, value):
    # pytest shows a name's value unless it is a callable or something with a __name__ (a
    # function, class or module), which it shows by name
    if callable(value) or hasattr(value, "__name__"):
        return name
    return _r(value)


def _fail_compare_call(vals, names, op, left_call, msg):
    """`assert f(x) == y`: "assert 3 == 4" and "+  where 3 = f(2)" (without a longer explanation)."""
    t, left, right = vals
    expl = _explain(op, left, right)
    if expl is None:
        res = left if left_call else right
        args = []
        for n, v in zip(names[1:], t[1:]):
            args.append(_r(v) if n is None else _name_expl(n, v))
        where = "%s = %s(%s)" % (_r(res), _name_expl(names[0], t[0]), ", ".join(args))
        expl = "%s %s %s\n +  where %s" % (_r(left), op, _r(right), where)
    return _make(msg, expl)
