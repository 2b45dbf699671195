"""pandas (flyi): the little of pandas that FlyDSL's tests/test_common.py needs: set_option, and a
DataFrame built from a dict of columns or a list of records/rows, with column access, boolean row
selection, sum, sort_values, and pandas' text table (to_string / print). Nothing else of pandas."""

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
    """The column labels (a list that prints as pandas' Index)."""

    def __repr__(self):
        kind = "int64" if self and all(isinstance(v, int) for v in self) else "object"
        return "Index([" + ", ".join(repr(v) for v in self) + "], dtype='" + kind + "')"

    def tolist(self):
        return list(self)


class Series:
    def __init__(self, data=None, index=None, name=None):
        if isinstance(data, dict):
            index = list(data.keys())
            data = list(data.values())
        self._v = list(data) if data is not None else []
        self.index = list(index) if index is not None else list(range(len(self._v)))
        self.name = name

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
        return sum(self._v)

    def mean(self):
        return sum(self._v) / len(self._v)

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
        self.index = list(index) if index is not None else list(range(len(rows)))

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
