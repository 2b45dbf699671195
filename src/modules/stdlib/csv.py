"""CSV file reading and writing (after CPython 3.11's csv): reader, writer, DictReader,
DictWriter, dialects (excel, excel-tab, unix), the QUOTE_* constants, a basic Sniffer."""

__all__ = ["QUOTE_MINIMAL", "QUOTE_ALL", "QUOTE_NONNUMERIC", "QUOTE_NONE", "Error", "Dialect", "excel",
           "excel_tab", "field_size_limit", "reader", "writer", "register_dialect", "get_dialect",
           "list_dialects", "Sniffer", "unregister_dialect", "__version__", "DictReader", "DictWriter",
           "unix_dialect"]

__version__ = "1.0"

QUOTE_MINIMAL, QUOTE_ALL, QUOTE_NONNUMERIC, QUOTE_NONE = range(4)

_field_limit = 128 * 1024


class Error(Exception):
    pass


class Dialect:
    _name = ""
    _valid = False
    delimiter = None
    quotechar = None
    escapechar = None
    doublequote = None
    skipinitialspace = None
    lineterminator = None
    quoting = None
    strict = False

    def __init__(self):
        if self.__class__ != Dialect:
            self._valid = True
        _validate(self)


class excel(Dialect):
    delimiter = ","
    quotechar = '"'
    doublequote = True
    skipinitialspace = False
    lineterminator = "\r\n"
    quoting = QUOTE_MINIMAL


class excel_tab(excel):
    delimiter = "\t"


class unix_dialect(Dialect):
    delimiter = ","
    quotechar = '"'
    doublequote = True
    skipinitialspace = False
    lineterminator = "\n"
    quoting = QUOTE_ALL


_dialects = {"excel": excel, "excel-tab": excel_tab, "unix": unix_dialect}


def register_dialect(name, dialect=None, **fmtparams):
    if not isinstance(name, str):
        raise TypeError("dialect name must be a string")
    _dialects[name] = _Params(dialect if dialect is not None else excel, fmtparams)


def unregister_dialect(name):
    if name not in _dialects:
        raise Error("unknown dialect")
    del _dialects[name]


def get_dialect(name):
    try:
        return _dialects[name]
    except (KeyError, TypeError):
        raise Error("unknown dialect")


def list_dialects():
    return list(_dialects)


def field_size_limit(*args):
    global _field_limit
    old = _field_limit
    if args:
        if len(args) > 1:
            raise TypeError("field_size_limit expected at most 1 argument, got %d" % len(args))
        if not isinstance(args[0], int):
            raise TypeError("limit must be an integer")
        _field_limit = args[0]
    return old


def _char(name, v, allow_none):
    if v is None:
        if allow_none:
            return None
        raise TypeError('"%s" must be a 1-character string' % name)
    if not isinstance(v, str):
        raise TypeError('"%s" must be string, not %s' % (name, type(v).__name__))
    if len(v) != 1:
        raise TypeError('"%s" must be a 1-character string' % name)
    return v


def _validate(d):
    if d.quoting not in (None, QUOTE_MINIMAL, QUOTE_ALL, QUOTE_NONNUMERIC, QUOTE_NONE):
        raise TypeError("bad \"quoting\" value")


class _Params:
    """A dialect with its format parameters resolved (what reader.dialect and writer.dialect give)."""

    def __init__(self, dialect, fmtparams):
        if isinstance(dialect, str):
            dialect = get_dialect(dialect)

        def pick(name, default):
            if name in fmtparams:
                return fmtparams[name]
            v = getattr(dialect, name, None)
            return default if v is None else v
        for k in fmtparams:
            if k not in ("delimiter", "quotechar", "escapechar", "doublequote", "skipinitialspace", "lineterminator",
                         "quoting", "strict"):
                raise TypeError("'%s' is an invalid keyword argument for this function" % k)
        self.delimiter = _char("delimiter", pick("delimiter", ","), False)
        self.doublequote = bool(pick("doublequote", True))
        self.escapechar = _char("escapechar", fmtparams.get("escapechar", getattr(dialect, "escapechar", None)), True)
        self.lineterminator = pick("lineterminator", "\r\n")
        if not isinstance(self.lineterminator, str):
            raise TypeError('"lineterminator" must be a string')
        self.quoting = pick("quoting", QUOTE_MINIMAL)
        if self.quoting not in (QUOTE_MINIMAL, QUOTE_ALL, QUOTE_NONNUMERIC, QUOTE_NONE):
            raise TypeError('bad "quoting" value')
        qc = fmtparams["quotechar"] if "quotechar" in fmtparams else getattr(dialect, "quotechar", '"')
        if qc is None and self.quoting != QUOTE_NONE:
            raise TypeError("quotechar must be set if quoting enabled")
        self.quotechar = _char("quotechar", qc, True)
        self.skipinitialspace = bool(pick("skipinitialspace", False))
        self.strict = bool(pick("strict", False))


class _reader:
    def __init__(self, f, dialect="excel", **fmtparams):
        self._it = iter(f)
        self.dialect = _Params(dialect, fmtparams)
        self.line_num = 0

    def __iter__(self):
        return self

    def __next__(self):
        d = self.dialect
        fields = []
        field = []
        state = "start_record"
        quoted = False
        while True:
            try:
                line = next(self._it)
            except StopIteration:
                if state in ("in_quoted", "escape_in_quoted") and d.strict:
                    raise Error("unexpected end of data")
                if state in ("start_record",) and not fields:
                    raise
                if state in ("in_quoted", "escape_in_quoted", "quote_in_quoted", "in_field", "start_field",
                             "escaped", "eat_crnl") or fields or field:
                    if state != "eat_crnl" and state != "start_record":
                        fields.append(self._finish(field, quoted))
                    return fields
                raise
            if not isinstance(line, str):
                raise Error("iterator should return strings, not %.200s (the file should be opened in text mode)"
                            % type(line).__name__)
            self.line_num += 1
            i = 0
            n = len(line)
            while i <= n:
                c = line[i] if i < n else "\0eol"
                i += 1
                if state == "start_record":
                    if c == "\0eol":
                        return []
                    if c in "\n\r":
                        state = "eat_crnl"
                        continue
                    state = "start_field"
                if state == "start_field":
                    quoted = False
                    if c in ("\n", "\r", "\0eol"):
                        fields.append(self._finish(field, quoted))
                        field = []
                        state = "eat_crnl" if c != "\0eol" else "start_record"
                        if c == "\0eol":
                            return fields
                    elif c == d.quotechar and d.quoting != QUOTE_NONE:
                        quoted = True
                        state = "in_quoted"
                    elif c == d.escapechar:
                        state = "escaped"
                    elif c == " " and d.skipinitialspace:
                        pass
                    elif c == d.delimiter:
                        fields.append(self._finish(field, quoted))
                        field = []
                    else:
                        field.append(c)
                        state = "in_field"
                elif state == "escaped":
                    if c == "\0eol":
                        field.append("\n")
                        break
                    field.append(c)
                    state = "in_field"
                elif state == "in_field":
                    if c in ("\n", "\r", "\0eol"):
                        fields.append(self._finish(field, quoted))
                        field = []
                        if c == "\0eol":
                            return fields
                        state = "eat_crnl"
                    elif c == d.escapechar:
                        state = "escaped"
                    elif c == d.delimiter:
                        fields.append(self._finish(field, quoted))
                        field = []
                        state = "start_field"
                    else:
                        field.append(c)
                elif state == "in_quoted":
                    if c == "\0eol":
                        break  # the field goes on on the next line
                    if c == d.escapechar:
                        state = "escape_in_quoted"
                    elif c == d.quotechar and d.quoting != QUOTE_NONE:
                        state = "quote_in_quoted" if d.doublequote else "in_field"
                    else:
                        field.append(c)
                elif state == "escape_in_quoted":
                    if c == "\0eol":
                        field.append("\n")
                        break
                    field.append(c)
                    state = "in_quoted"
                elif state == "quote_in_quoted":
                    if d.quoting != QUOTE_NONE and c == d.quotechar:
                        field.append(c)
                        state = "in_quoted"
                    elif c == d.delimiter:
                        fields.append(self._finish(field, quoted))
                        field = []
                        state = "start_field"
                    elif c in ("\n", "\r", "\0eol"):
                        fields.append(self._finish(field, quoted))
                        field = []
                        if c == "\0eol":
                            return fields
                        state = "eat_crnl"
                    elif not d.strict:
                        field.append(c)
                        state = "in_field"
                    else:
                        raise Error("'%c' expected after '%c'" % (d.delimiter, d.quotechar))
                elif state == "eat_crnl":
                    if c in "\n\r":
                        pass
                    elif c == "\0eol":
                        return fields
                    else:
                        raise Error("new-line character seen in unquoted field - do you need to open the file "
                                    "with newline=''?")

    def _finish(self, field, quoted):
        s = "".join(field)
        if len(s) > _field_limit:
            raise Error("field larger than field limit (%d)" % _field_limit)
        if not quoted and self.dialect.quoting == QUOTE_NONNUMERIC and s:
            return float(s)
        if not quoted and self.dialect.quoting == QUOTE_NONNUMERIC and not s:
            return s
        return s


def reader(csvfile, dialect="excel", **fmtparams):
    return _reader(csvfile, dialect, **fmtparams)


class _writer:
    def __init__(self, f, dialect="excel", **fmtparams):
        if not hasattr(f, "write"):
            raise TypeError('argument 1 must have a "write" method')
        self._f = f
        self.dialect = _Params(dialect, fmtparams)

    def _field(self, v, only):
        d = self.dialect
        if v is None:
            s = ""
        elif isinstance(v, float):
            s = repr(v)
        else:
            s = str(v)
        numeric = isinstance(v, (int, float)) and not isinstance(v, bool) or isinstance(v, bool)
        if d.quoting == QUOTE_ALL:
            quote = True
        elif d.quoting == QUOTE_NONNUMERIC:
            quote = not (isinstance(v, (int, float)) and v is not None)
        else:
            quote = False
        specials = d.delimiter + (d.quotechar or "") + (d.escapechar or "") + "\r\n" + d.lineterminator
        out = []
        need = False
        for ch in s:
            if ch in specials:
                if d.quoting == QUOTE_NONE:
                    if d.escapechar is None:
                        raise Error("need to escape, but no escapechar set")
                    out.append(d.escapechar)
                else:
                    # a doubled quote char needs quoting; an escaped character does not
                    if ch == d.quotechar:
                        if d.doublequote:
                            out.append(ch)
                            need = True
                        elif d.escapechar is not None:
                            out.append(d.escapechar)
                        else:
                            raise Error("need to escape, but no escapechar set")
                    elif ch == d.escapechar:
                        out.append(d.escapechar)
                    else:
                        need = True
            out.append(ch)
        s2 = "".join(out)
        if d.quoting == QUOTE_MINIMAL and (need or (only and s == "")):
            quote = True
        if quote and d.quoting != QUOTE_NONE:
            return d.quotechar + s2 + d.quotechar
        if d.quoting == QUOTE_NONE and only and s == "":
            raise Error("single empty field record must be quoted")
        return s2

    def writerow(self, row):
        try:
            row = list(row)
        except TypeError:
            raise Error("iterable expected, not %s" % type(row).__name__)
        only = len(row) == 1
        line = self.dialect.delimiter.join(self._field(v, only) for v in row) + self.dialect.lineterminator
        return self._f.write(line)

    def writerows(self, rows):
        for row in rows:
            self.writerow(row)


def writer(csvfile, dialect="excel", **fmtparams):
    return _writer(csvfile, dialect, **fmtparams)


class DictReader:
    def __init__(self, f, fieldnames=None, restkey=None, restval=None, dialect="excel", *args, **kwds):
        if fieldnames is not None and iter(fieldnames) is fieldnames:
            fieldnames = list(fieldnames)
        self._fieldnames = fieldnames
        self.restkey = restkey
        self.restval = restval
        self.reader = reader(f, dialect, *args, **kwds)
        self.dialect = dialect
        self.line_num = 0

    def __iter__(self):
        return self

    @property
    def fieldnames(self):
        if self._fieldnames is None:
            try:
                self._fieldnames = next(self.reader)
            except StopIteration:
                pass
        self.line_num = self.reader.line_num
        return self._fieldnames

    @fieldnames.setter
    def fieldnames(self, value):
        self._fieldnames = value

    def __next__(self):
        if self.line_num == 0:
            self.fieldnames
        row = next(self.reader)
        self.line_num = self.reader.line_num
        while row == []:
            row = next(self.reader)
        d = dict(zip(self.fieldnames, row))
        lf = len(self.fieldnames)
        lr = len(row)
        if lf < lr:
            d[self.restkey] = row[lf:]
        elif lf > lr:
            for key in self.fieldnames[lr:]:
                d[key] = self.restval
        return d


class DictWriter:
    def __init__(self, f, fieldnames, restval="", extrasaction="raise", dialect="excel", *args, **kwds):
        if fieldnames is not None and iter(fieldnames) is fieldnames:
            fieldnames = list(fieldnames)
        self.fieldnames = fieldnames
        self.restval = restval
        if extrasaction.lower() not in ("raise", "ignore"):
            raise ValueError("extrasaction (%s) must be 'raise' or 'ignore'" % extrasaction)
        self.extrasaction = extrasaction
        self.writer = writer(f, dialect, *args, **kwds)

    def writeheader(self):
        header = dict(zip(self.fieldnames, self.fieldnames))
        return self.writerow(header)

    def _dict_to_list(self, rowdict):
        if self.extrasaction == "raise":
            wrong_fields = rowdict.keys() - self.fieldnames if hasattr(rowdict.keys(), "__sub__") else \
                [k for k in rowdict if k not in self.fieldnames]
            wrong_fields = [k for k in rowdict if k not in self.fieldnames]
            if wrong_fields:
                raise ValueError("dict contains fields not in fieldnames: " + ", ".join([repr(x) for x in wrong_fields]))
        return (rowdict.get(key, self.restval) for key in self.fieldnames)

    def writerow(self, rowdict):
        return self.writer.writerow(self._dict_to_list(rowdict))

    def writerows(self, rowdicts):
        return self.writer.writerows(map(self._dict_to_list, rowdicts))


class Sniffer:
    """Guesses the dialect of a sample: the delimiter among common ones that splits every line
    into the same number of fields, and whether a header row is likely."""

    def __init__(self):
        self.preferred = [",", "\t", ";", " ", ":"]

    def sniff(self, sample, delimiters=None):
        lines = [ln for ln in sample.split("\n") if ln.strip()]
        cands = delimiters if delimiters else "".join(self.preferred) + "|"
        best = None
        for delim in cands:
            counts = [ln.count(delim) for ln in lines]
            if counts and counts[0] > 0 and all(c == counts[0] for c in counts):
                if best is None or (delim in self.preferred and best not in self.preferred):
                    best = delim
                    break
        if best is None:
            raise Error("Could not determine delimiter")
        quotechar = "'" if sample.count("'") > sample.count('"') else '"'

        class dialect(Dialect):
            _name = "sniffed"
            lineterminator = "\r\n"
            quoting = QUOTE_MINIMAL
        dialect.delimiter = best
        dialect.quotechar = quotechar
        dialect.doublequote = True
        dialect.skipinitialspace = False
        return dialect

    def has_header(self, sample):
        rdr = reader(sample.splitlines(), self.sniff(sample))
        header = next(rdr)
        rows = list(rdr)
        if not rows:
            return False

        def numeric(s):
            try:
                float(s)
                return True
            except ValueError:
                return False
        votes = 0
        for col, h in enumerate(header):
            vals = [r[col] for r in rows if col < len(r)]
            if vals and all(numeric(v) for v in vals) and not numeric(h):
                votes += 1
            elif vals and all(len(v) == len(vals[0]) for v in vals) and len(h) != len(vals[0]):
                votes += 1
            else:
                votes -= 1
        return votes > 0
