"""pandas (flyi): the little of pandas that FlyDSL's tests/test_common.py needs: set_option, and a
DataFrame built from a dict of columns or a list of records/rows, with column access, boolean row
selection, sum, sort_values, pandas' text table (to_string / print), and what its profiler helpers
(get_trace_perf, post_process_data) use: Series.astype, .str.contains/startswith/endswith, iloc/iat/at,
reset_index, groupby (iteration and agg), quantile, index arithmetic. Nothing else of pandas."""

import re as _re

import numpy as _np

__version__ = "1.5.3"

_options = {"display.max_rows": 60, "display.max_columns": 20, "display.width": 80, "display.max_colwidth": 50,
            "display.precision": 6, "display.float_format": None, "display.expand_frame_repr": True}


def set_option(key, value):
    if not key.startswith("display."):
        key = "display." + key
    _options[key] = value


def get_option(key):
    if not key.startswith("display."):
        key = "display." + key
    return _options[key]


def _fmt_column(vals):
    """Texts of a column's values, pandas' way: floats at the display precision with the trailing
    zeros every value shares removed (keeping one decimal)."""
    ff = _options["display.float_format"]
    if vals and all(isinstance(v, float) or (isinstance(v, int) and not isinstance(v, bool)) for v in vals) \
            and any(isinstance(v, float) for v in vals):
        if ff is not None:
            return [ff(float(v)) for v in vals]
        p = _options["display.precision"]
        fin = [v for v in vals if v == v and abs(v) != float("inf")]
        big = [abs(v) for v in fin if v != 0]
        if big and (max(big) >= 1e16 or min(big) < 10.0 ** -p):
            return [("%.*e" % (p, v)) if v == v else "NaN" for v in vals]
        s = ["%.*f" % (p, v) if v == v and abs(v) != float("inf") else ("NaN" if v != v else str(v)) for v in vals]
        num = [x for x in s if "." in x]
        while num and all(x.endswith("0") and not x.endswith(".0") for x in num):
            s = [x[:-1] if "." in x else x for x in s]
            num = [x for x in s if "." in x]
        return s
    return ["NaN" if isinstance(v, float) and v != v else str(v) for v in vals]


class Index(list):
    """Column or row labels (a list that prints as pandas' Index): selection by a boolean mask and
    elementwise floor division (`df.index // k`, a grouping key)."""

    def __repr__(self):
        kind = "int64" if self and all(isinstance(v, int) for v in self) else "object"
        return "Index([" + ", ".join(repr(v) for v in self) + "], dtype='" + kind + "')"

    def tolist(self):
        return list(self)

    def __getitem__(self, k):
        if isinstance(k, Series):
            k = k._v
        if isinstance(k, list) and k and all(isinstance(b, bool) for b in k):
            if len(k) != len(self):
                raise IndexError("boolean index did not match indexed array along dimension 0; dimension is %d "
                                 "but corresponding boolean dimension is %d" % (len(self), len(k)))
            return Index([v for v, b in zip(self, k) if b])
        if isinstance(k, slice):
            return Index(list.__getitem__(self, k))
        return list.__getitem__(self, k)

    def __floordiv__(self, k):
        return Index([v // k for v in self])

    def __eq__(self, o):
        if isinstance(o, (list, tuple)):
            return list(self) == list(o)
        return [v == o for v in self]

    __hash__ = None


def _is_nan(v):
    return isinstance(v, float) and v != v


def _quantile(vals, q):
    """pandas' default (linear) quantile of the non-NaN values."""
    xs = sorted(v for v in vals if not _is_nan(v))
    if not xs:
        return float("nan")
    pos = (len(xs) - 1) * q
    lo = int(pos)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


def _cast(v, t):
    """One value as Series.astype(t) converts it."""
    if t in (str, "str"):
        return "nan" if _is_nan(v) else str(v)
    if t in (float, "float", "float64", "float32"):
        return float(v)
    if t in (int, "int", "int64", "int32"):
        if _is_nan(v):
            raise ValueError("Cannot convert non-finite values (NA or inf) to integer")
        return int(v)
    if t in (bool, "bool"):
        return bool(v)
    if t in (object, "object"):
        return v
    raise TypeError("data type '%s' not understood" % (t,))


class _StrMethods:
    """Series.str: elementwise string methods (NaN stays NaN, a non-string is NaN as pandas gives)."""

    def __init__(self, s):
        if s._v and not all(isinstance(v, str) or _is_nan(v) for v in s._v):
            raise AttributeError("Can only use .str accessor with string values!")
        self._s = s

    def _map(self, f, na):
        return Series([f(v) if isinstance(v, str) else (float("nan") if na is None else na) for v in self._s._v],
                      self._s.index, self._s.name)

    def contains(self, pat, case=True, flags=0, na=None, regex=True):
        if regex:
            rx = _re.compile(pat, flags | (0 if case else _re.IGNORECASE))
            return self._map(lambda v: rx.search(v) is not None, na)
        if not case:
            return self._map(lambda v: pat.lower() in v.lower(), na)
        return self._map(lambda v: pat in v, na)

    def startswith(self, pat, na=None):
        return self._map(lambda v: v.startswith(pat), na)

    def endswith(self, pat, na=None):
        return self._map(lambda v: v.endswith(pat), na)

    def lower(self):
        return self._map(str.lower, None)

    def upper(self):
        return self._map(str.upper, None)

    def len(self):
        return self._map(len, None)


class _Positional:
    """.iloc / .iat of a Series or DataFrame: rows by position (an int, a slice, a list of ints)."""

    def __init__(self, obj, scalar):
        self._o, self._scalar = obj, scalar

    def __getitem__(self, k):
        o = self._o
        if isinstance(k, tuple):
            r, c = k
            row = o.iloc[r]
            return row._v[c] if isinstance(row, Series) and isinstance(c, int) else row
        n = len(o)
        if isinstance(k, int):
            if not -n <= k < n:
                raise IndexError("single positional indexer is out-of-bounds")
            return o._v[k] if isinstance(o, Series) else o._row(k % n)
        if self._scalar:
            raise ValueError("iAt based indexing can only have integer indexers")
        keep = list(range(n))[k] if isinstance(k, slice) else list(k)
        return o._take(keep)


class _Label:
    """.at of a DataFrame: one cell by (row label, column); setting a new row label adds a row of NaN."""

    def __init__(self, df):
        self._d = df

    def __getitem__(self, k):
        r, c = k
        d = self._d
        return d._rows[d.index.index(r)][d._cols.index(c)]

    def __setitem__(self, k, v):
        r, c = k
        d = self._d
        if c not in d._cols:
            d[c] = float("nan")
        if r not in d.index:
            d._rows.append([float("nan")] * len(d._cols))
            d.index.append(r)
        d._rows[d.index.index(r)][d._cols.index(c)] = v


class Series:
    def __init__(self, data=None, index=None, name=None):
        if isinstance(data, dict):
            index = list(data.keys())
            data = list(data.values())
        self._v = list(data) if data is not None else []
        if any(type(v) is float for v in self._v) and all(type(v) in (int, float) for v in self._v):
            self._v = [float(v) for v in self._v]    # ints among floats: a float64 Series, as pandas makes
        self.index = Index(index if index is not None else range(len(self._v)))
        self.name = name

    @property
    def iloc(self):
        return _Positional(self, False)

    @property
    def iat(self):
        return _Positional(self, True)

    @property
    def str(self):
        return _StrMethods(self)

    def astype(self, dtype):
        return Series([_cast(v, dtype) for v in self._v], self.index, self.name)

    def _take(self, keep):
        return Series([self._v[i] for i in keep], [self.index[i] for i in keep], self.name)

    def head(self, n=5):
        return self._take(list(range(min(n, len(self._v)))))

    def quantile(self, q=0.5):
        if isinstance(q, (list, tuple)):
            return Series([_quantile(self._v, x) for x in q], list(q), self.name)
        return _quantile(self._v, q)

    def __len__(self):
        return len(self._v)

    def __iter__(self):
        return iter(self._v)

    @property
    def empty(self):
        return not self._v

    @property
    def values(self):
        return _np.array(self._v)

    def tolist(self):
        return list(self._v)

    def __getitem__(self, k):
        return self._v[self.index.index(k)]

    def __setitem__(self, k, v):
        if k in self.index:
            self._v[self.index.index(k)] = v
        else:
            self.index.append(k)
            self._v.append(v)

    def sum(self):
        # pandas skips NaN (skipna=True)
        return sum(v for v in self._v if not _is_nan(v))

    def mean(self):
        xs = [v for v in self._v if not _is_nan(v)]
        return sum(xs) / len(xs) if xs else float("nan")

    def _cmp(self, other, f):
        return Series([f(v, other) for v in self._v], self.index)

    def __gt__(self, o):
        return self._cmp(o, lambda a, b: a > b)

    def __lt__(self, o):
        return self._cmp(o, lambda a, b: a < b)

    def __ge__(self, o):
        return self._cmp(o, lambda a, b: a >= b)

    def __le__(self, o):
        return self._cmp(o, lambda a, b: a <= b)

    def __eq__(self, o):
        return self._cmp(o, lambda a, b: a == b)

    def __or__(self, o):
        return Series([a or b for a, b in zip(self._v, o._v)], self.index)

    def __and__(self, o):
        return Series([a and b for a, b in zip(self._v, o._v)], self.index)

    def __repr__(self):
        idx = [str(i) for i in self.index]
        vals = _fmt_column(self._v)
        wi = max((len(i) for i in idx), default=0)
        wv = max((len(v) for v in vals), default=0)
        lines = [i.ljust(wi) + "    " + v.rjust(wv) for i, v in zip(idx, vals)]
        lines.append(("Name: %s, dtype: %s" % (self.name, _dtype_name(self._v))) if self.name is not None
                     else "dtype: " + _dtype_name(self._v))
        return "\n".join(lines)


def _dtype_name(vals):
    if vals and all(isinstance(v, bool) for v in vals):
        return "bool"
    if vals and all(isinstance(v, int) for v in vals):
        return "int64"
    if vals and all(isinstance(v, (int, float)) for v in vals):
        return "float64"
    return "object"


class DataFrame:
    """DataFrame(dict of columns | list of dicts | list of rows, columns=None)."""

    def __init__(self, data=None, columns=None, index=None):
        cols, rows = [], []
        if data is None:
            data = []
        if isinstance(data, dict):
            cols = list(data.keys())
            n = max((len(v) for v in data.values()), default=0)
            rows = [[list(data[c])[i] for c in cols] for i in range(n)]
        else:
            data = list(data)
            if data and isinstance(data[0], (dict, Series)):
                for r in data:
                    keys = r.index if isinstance(r, Series) else list(r.keys())
                    for k in keys:
                        if k not in cols:
                            cols.append(k)
                rows = [[(r[c] if c in (r.index if isinstance(r, Series) else r) else float("nan")) for c in cols]
                        for r in data]
            else:
                rows = [list(r) for r in data]
                cols = list(columns) if columns is not None else list(range(len(rows[0]) if rows else 0))
        if columns is not None and cols != list(columns):
            sel = list(columns)
            rows = [[r[cols.index(c)] if c in cols else float("nan") for c in sel] for r in rows]
            cols = sel
        self._cols = cols
        self._rows = rows
        self.index = index if index is not None else range(len(rows))

    @property
    def index(self):
        return self.__dict__["_index"]

    @index.setter
    def index(self, labels):
        self.__dict__["_index"] = Index(labels)

    @property
    def iloc(self):
        return _Positional(self, False)

    @property
    def at(self):
        return _Label(self)

    def _row(self, i):
        """Row i as a Series over the columns, named by its label (df.iloc[i])."""
        return Series(list(self._rows[i]), list(self._cols), name=self.index[i])

    def reset_index(self, drop=False):
        d = self._take(list(range(len(self._rows))))
        if not drop:
            name = "index" if "index" not in self._cols else "level_0"
            d._cols = [name] + d._cols
            d._rows = [[lab] + r for lab, r in zip(self.index, d._rows)]
        d.index = range(len(d._rows))
        return d

    def groupby(self, by, sort=True):
        return _GroupBy(self, by, sort)

    @property
    def columns(self):
        return Index(self._cols)

    @property
    def empty(self):
        return not self._rows or not self._cols

    @property
    def shape(self):
        return (len(self._rows), len(self._cols))

    def __len__(self):
        return len(self._rows)

    def __contains__(self, c):
        return c in self._cols

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        cols = self.__dict__.get("_cols", [])
        if name in cols:
            return self[name]
        raise AttributeError("'DataFrame' object has no attribute '" + name + "'")

    def __getitem__(self, key):
        if isinstance(key, Series):
            keep = [i for i, v in enumerate(key._v) if v]
            return self._take(keep)
        if isinstance(key, list):
            idx = [self._cols.index(c) for c in key]
            d = DataFrame([[r[i] for i in idx] for r in self._rows], columns=key)
            d.index = list(self.index)
            return d
        i = self._cols.index(key)
        return Series([r[i] for r in self._rows], self.index, name=key)

    def __setitem__(self, key, value):
        vals = list(value) if isinstance(value, (list, Series, tuple)) else [value] * len(self._rows)
        if key in self._cols:
            i = self._cols.index(key)
            for r, v in zip(self._rows, vals):
                r[i] = v
        else:
            self._cols.append(key)
            for r, v in zip(self._rows, vals):
                r.append(v)

    def _take(self, keep):
        d = DataFrame([list(self._rows[i]) for i in keep], columns=self._cols)
        d.index = [self.index[i] for i in keep]
        return d

    def drop(self, labels=None, index=None):
        labels = index if labels is None else labels
        labels = set(labels if isinstance(labels, (list, tuple, set)) else [labels])
        return self._take([i for i, x in enumerate(self.index) if x not in labels])

    def sort_values(self, by, ascending=True, ignore_index=False):
        by = [by] if not isinstance(by, list) else by
        idx = [self._cols.index(c) for c in by]
        order = sorted(range(len(self._rows)), key=lambda i: [self._rows[i][j] for j in idx], reverse=not ascending)
        d = self._take(order)
        if ignore_index:
            d.index = list(range(len(order)))
        return d

    def sum(self):
        out = {}
        for j, c in enumerate(self._cols):
            vals = [r[j] for r in self._rows]
            try:
                out[c] = sum(vals)
            except TypeError:
                out[c] = "".join(str(v) for v in vals)
        return Series(out)

    def head(self, n=5):
        return self._take(list(range(min(n, len(self._rows)))))

    def to_dict(self, orient="dict"):
        if orient == "records":
            return [dict(zip(self._cols, r)) for r in self._rows]
        return {c: {self.index[i]: r[j] for i, r in enumerate(self._rows)} for j, c in enumerate(self._cols)}

    def to_string(self, index=True):
        cols = [[r[j] for r in self._rows] for j in range(len(self._cols))]
        texts = [_fmt_column(c) for c in cols]
        idx = [str(i) for i in self.index]
        wi = max((len(i) for i in idx), default=0)
        widths = [max([len(str(h))] + [len(t) for t in ts]) for h, ts in zip(self._cols, texts)]
        head = (" " * wi if index else "") + "".join(("  " if (index or j) else "") + str(h).rjust(w)
                                                      for j, (h, w) in enumerate(zip(self._cols, widths)))
        if not self._rows:
            return "Empty DataFrame\nColumns: [%s]\nIndex: []" % ", ".join(str(c) for c in self._cols)
        lines = [head.rstrip() if not self._cols else head]
        for i in range(len(self._rows)):
            line = idx[i].ljust(wi) if index else ""
            for j, w in enumerate(widths):
                line += ("  " if (index or j) else "") + texts[j][i].rjust(w)
            lines.append(line)
        return "\n".join(lines)

    def __repr__(self):
        return self.to_string()

    __str__ = __repr__


_AGGS = {"sum": Series.sum, "mean": Series.mean, "min": lambda s: min(s._v), "max": lambda s: max(s._v),
         "count": lambda s: sum(1 for v in s._v if not _is_nan(v)), "first": lambda s: s._v[0],
         "last": lambda s: s._v[-1]}


class _GroupBy:
    """df.groupby(column name | keys of the rows' length, sort=): iteration gives (key, sub-frame) pairs,
    sorted by key or in order of first appearance (sort=False); agg({column: func}) gives a frame indexed
    by the keys (func: one of _AGGS' names, or a callable given the group's Series, as `list`)."""

    def __init__(self, df, by, sort):
        if isinstance(by, (Series, Index, list, tuple)):
            keys = list(by._v if isinstance(by, Series) else by)
            if len(keys) != len(df):
                raise ValueError("Grouper and axis must be same length")
        else:
            if by not in df._cols:
                raise KeyError(by)
            j = df._cols.index(by)
            keys = [r[j] for r in df._rows]
        groups = {}
        for i, k in enumerate(keys):
            groups.setdefault(k, []).append(i)
        order = sorted(groups) if sort else list(groups)
        self._df, self._groups = df, [(k, groups[k]) for k in order]

    def __iter__(self):
        return iter([(k, self._df._take(rows)) for k, rows in self._groups])

    def __len__(self):
        return len(self._groups)

    def agg(self, spec):
        if not isinstance(spec, dict):
            spec = {c: spec for c in self._df._cols}
        rows = []
        for _k, idx in self._groups:
            sub = self._df._take(idx)
            row = []
            for c, f in spec.items():
                if isinstance(f, str):
                    if f not in _AGGS:
                        raise AttributeError("'SeriesGroupBy' object has no attribute '%s'" % f)
                    f = _AGGS[f]
                row.append(f(sub[c]))
            rows.append(row)
        return DataFrame(rows, columns=list(spec), index=[k for k, _ in self._groups])

    aggregate = agg
