# flydsl._mlir._parsed: a view of MLIR text as MLIR prints it (a module after PassManager.run, or Module.parse):
# module.body.operations, an op's name / operands / results / attributes / regions, a func's entry_block, a
# value's owner. The view can also edit the text as MLIR's bindings edit IR: set or delete an op's attribute,
# clone an op, insert it before another op or into a block, erase an op. Every view of one module shares the
# module's lines (_Text); an edit shifts the line spans of the ops already handed out, so they stay valid.
import re

_VAL = re.compile(r"%[A-Za-z0-9_$.-]+(?:#\d+)?")
_FUNC_LIKE = ("func.func", "gpu.func", "llvm.func")


class _Attr:
    """An attribute's text; int() / float() / bool() read a scalar value ("10 : index", "true")."""

    def __init__(self, text):
        self._text = text.strip()

    def _scalar(self):
        return self._text.split(" : ")[0].strip()

    @property
    def value(self):
        s = self._scalar()
        if s in ("true", "false"):
            return s == "true"
        try:
            return int(s, 0)
        except ValueError:
            try:
                return float(s)
            except ValueError:
                return s.strip('"')

    def __int__(self):
        return int(self.value)

    def __float__(self):
        return float(self.value)

    def __bool__(self):
        return bool(self.value)

    def __str__(self):
        return self._text

    __repr__ = __str__

    def __eq__(self, other):
        return str(self) == str(other) if isinstance(other, (str, _Attr)) else self.value == other

    def __hash__(self):
        return hash(self._text)


class _Value:
    def __init__(self, name, owner, index, type_text=None):
        self._name, self.owner, self._index, self._type = name, owner, index, type_text

    result_number = property(lambda self: self._index)
    arg_number = property(lambda self: self._index)

    @property
    def type(self):
        from flydsl._mlir import ir

        return ir.Type.parse(self._type) if self._type else None

    def get_name(self, *a, **k):
        return self._name

    def __str__(self):
        return self._name

    __repr__ = __str__


class _Text:
    """The lines of one module's text and the spans handed out over them ([start, end) line ranges of ops,
    and of blocks' opening / closing lines); module is the ir.Module whose text it is (None for a clone)."""

    def __init__(self, lines, module=None):
        self.lines, self.module, self.spans = lines, module, []

    def track(self, span):
        self.spans.append(span)
        return span

    def insert(self, at, new_lines):
        self.lines[at:at] = new_lines
        n = len(new_lines)
        for s in self.spans:
            if s.start >= at:
                s.start += n
                s.end += n
            elif s.end > at:
                s.end += n
        self._commit()

    def remove(self, span):
        a, b = span.start, span.end
        del self.lines[a:b]
        n = b - a
        for s in self.spans:
            if s is span or (s.start >= a and s.end <= b):
                s.start = s.end = -1
            elif s.start >= b:
                s.start -= n
                s.end -= n
            elif s.end > a:
                s.end -= n
        self.spans = [s for s in self.spans if s.start >= 0]
        self._commit()

    def replace_line(self, i, text):
        self.lines[i] = text
        self._commit()

    def _commit(self):
        if self.module is not None:
            self.module._parsed = "\n".join(self.lines) + "\n"
            self.module._view_text = self


class _Span:
    def __init__(self, start, end):
        self.start, self.end = start, end


def _indent(line):
    return len(line) - len(line.lstrip(" "))


def _scan(s):
    """Top-level bracket groups of s, (start, end, opener) with end past the closer, and the positions of its
    top-level " : " separators; quoted strings and "->" are skipped."""
    groups, colons, stack, i = [], [], [], 0
    pairs = {"(": ")", "[": "]", "{": "}", "<": ">"}
    while i < len(s):
        ch = s[i]
        if ch == '"':
            j = i + 1
            while j < len(s) and s[j] != '"':
                j += 2 if s[j] == "\\" else 1
            i = j + 1
            continue
        if ch == "-" and s[i + 1:i + 2] == ">":
            i += 2
            continue
        if ch in pairs:
            stack.append((i, ch))
        elif stack and ch == pairs[stack[-1][1]]:
            start, op = stack.pop()
            if not stack:
                groups.append((start, i + 1, op))
        elif not stack and s.startswith(" : ", i):
            colons.append(i)
        i += 1
    return groups, colons


def _split_attrs(s):
    """key = value pairs of an attribute dictionary's text (top-level commas); a bare key is a unit attribute."""
    out, depth, cur, quoted = {}, 0, "", False
    for ch in s + ",":
        if ch == '"':
            quoted = not quoted
        elif not quoted and ch in "<([{":
            depth += 1
        elif not quoted and ch in ">)]}":
            depth -= 1
        if ch == "," and depth == 0 and not quoted:
            if "=" in cur:
                k, v = cur.split("=", 1)
                out[k.strip().strip('"')] = _Attr(v)
            elif cur.strip():
                out[cur.strip().strip('"')] = _Attr("unit")
            cur = ""
        else:
            cur += ch
    return out


def _join_attrs(d):
    return ", ".join(k if str(v) == "unit" else f"{k} = {v}" for k, v in d.items())


class _OpAttrs(dict):
    """An op's attributes; setting or deleting one rewrites the op's line."""

    def __init__(self, op, items):
        dict.__init__(self, items)
        self._op = op

    def __setitem__(self, k, v):
        dict.__setitem__(self, k, v if isinstance(v, _Attr) else _Attr(str(v)))
        self._op._write_attrs()

    def __delitem__(self, k):
        dict.__delitem__(self, k)
        self._op._write_attrs()


class _Block:
    def __init__(self, owner, text=None, span=None):
        self.owner = owner
        self.operations = []
        self.arguments = []
        self._textv, self._span = text, span  # the span covers the block's opening line to its closing line

    def __iter__(self):
        return iter(self.operations)


class _Region:
    def __init__(self, owner):
        self.owner = owner
        self.blocks = []


class _Op:
    """One op of the text: name, operands, results, attributes (arith.constant's value, key = value pairs of
    its attribute dictionary) and regions."""

    def __init__(self, name, header, text=None, span=None):
        self.name = name
        self._header = header
        self._textv, self._span = text, span
        self.operands = []
        self.results = []
        self.attributes = _OpAttrs(self, {})
        self.regions = []
        self._dict = None  # (kind, start, end) of the attribute dictionary in the header line
        self._implicit = set()  # attributes the op's syntax spells outside its dictionary (sym_name, kernel, ...)

    @property
    def operation(self):
        return self

    @property
    def opview(self):
        return self

    @property
    def result(self):
        if len(self.results) != 1:
            raise ValueError(f"{self.name} has {len(self.results)} results")
        return self.results[0]

    @property
    def entry_block(self):
        return self.regions[0].blocks[0]

    @property
    def body(self):
        return self.entry_block

    def _lines(self):
        if self._span is None or self._span.start < 0:
            return [self._header]
        lines = self._textv.lines[self._span.start:self._span.end]
        cut = min((_indent(ln) for ln in lines if ln.strip()), default=0)
        return [ln[cut:] for ln in lines]

    def __str__(self):
        return "\n".join(self._lines())

    __repr__ = __str__

    def get_asm(self, *a, **k):
        return str(self)

    def verify(self):
        return True

    def clone(self):
        """A copy of the op (its regions included), not in any module until inserted."""
        lines = self._lines()
        t = _Text(list(lines))
        c = _parse_op(lines[0].strip(), {}, t, len(lines))
        c._span = t.track(_Span(0, len(lines)))
        return c

    def erase(self):
        if self._span is None or self._span.start < 0 or self._textv.module is None:
            raise RuntimeError(f"{self.name} is not in a module")
        self._textv.remove(self._span)

    def _write_attrs(self):
        """Put self.attributes back into the op's first line."""
        t, s = self._textv, self._span
        if t is None or s is None or s.start < 0:
            return
        line = t.lines[s.start]
        pad, hdr = line[:_indent(line)], line[_indent(line):]
        body = _join_attrs({k: v for k, v in self.attributes.items() if k not in self._implicit})
        kind, a, b = self._dict or (None, None, None)
        if kind == "attributes":
            new = hdr[:a] + ("{" + body + "}" if body else "") + hdr[b:]
            if not body:  # drop the keyword with the empty dictionary
                new = hdr[:a].rstrip()
                new = new[:-len("attributes")].rstrip() + hdr[b:]
        elif kind == "dict":
            new = hdr[:a] + ("{" + body + "}" if body else "") + hdr[b:]
        else:
            new = _add_dict(self, hdr, body)
        t.replace_line(s.start, pad + new)
        self._header = new
        self._dict = _dict_at(self.name, new)


def _region_open(hdr):
    """Where the region opening "{" at the end of a header line starts (None when it does not open one)."""
    s = hdr.rstrip()
    if not s.endswith("{"):
        return None
    groups, _ = _scan(s[:-1])
    return len(s) - 1


def _dict_at(name, hdr):
    """(kind, start, end) of the op's attribute dictionary in its header line, or None."""
    ro = _region_open(hdr)
    head = hdr[:ro] if ro is not None else hdr
    groups, colons = _scan(head)
    braces = [g for g in groups if g[2] == "{"]
    for gs, ge, _ in braces:
        if head[:gs].rstrip().endswith("attributes"):
            return ("attributes", gs, ge)
    if name in _FUNC_LIKE or name in ("builtin.module", "module", "gpu.module"):
        return None
    limit = colons[0] if colons else len(head)
    cands = [g for g in braces if g[1] <= limit and not (g[0] > 0 and head[g[0] - 1] == "<")]
    return ("dict", cands[-1][0], cands[-1][1]) if cands else None


def _add_dict(op, hdr, body):
    """hdr with an attribute dictionary holding body where the op has none yet."""
    ro = _region_open(hdr)
    head, tail = (hdr[:ro].rstrip(), " " + hdr[ro:]) if ro is not None else (hdr.rstrip(), "")
    if op.name in _FUNC_LIKE or op.name in ("builtin.module", "module", "gpu.module"):
        return f"{head} attributes {{{body}}}{tail}"
    _, colons = _scan(head)
    if colons:
        c = colons[0]
        return f"{head[:c]} {{{body}}}{head[c:]}{tail}"
    return f"{head} {{{body}}}{tail}"


def _parse_op(line, values, text=None, nlines=1):
    res_names = []
    body = line
    m = re.match(r"^((?:%[A-Za-z0-9_$.-]+(?::\d+)?\s*,\s*)*%[A-Za-z0-9_$.-]+(?::\d+)?)\s*=\s*(.*)$", line)
    if m:
        body = m.group(2)
        for r in m.group(1).split(","):
            r = r.strip()
            if ":" in r:
                nm, k = r.split(":")
                res_names += [f"{nm}#{i}" for i in range(int(k))]
            else:
                res_names.append(r)
    if body.startswith('"'):
        name = body[1:body.index('"', 1)]
        rest = body[body.index('"', 1) + 1:]
    else:
        name = body.split()[0] if body.split() else body
        rest = body[len(name):]
        if name == "return":
            name = "func.return"
    op = _Op(name, line, text)
    ro = _region_open(line)
    head = line[:ro] if ro is not None else line
    if name == "arith.constant":
        op.attributes._op = None
        dict.__setitem__(op.attributes, "value", _Attr(rest.split("{")[0].strip() if ro is None else rest.strip()))
        op.attributes._op = op
        op._implicit.add("value")
    op._dict = _dict_at(name, line)
    groups, colons = _scan(head)
    for gs, ge, opener in groups:
        if opener == "{" and gs > 0 and head[gs - 1] == "<":  # <{properties}>
            props = _split_attrs(head[gs + 1:ge - 1])
            dict.update(op.attributes, props)
            op._implicit.update(props)
    if op._dict:
        _, a, b = op._dict
        dict.update(op.attributes, _split_attrs(head[a + 1:b - 1]))
    sym = re.match(r"^\s*(?:(?:private|public|nested|internal|external|linkonce|weak|common)\s+)*@([\w$.-]+|\"[^\"]*\")",
                   rest)
    if sym:
        dict.__setitem__(op.attributes, "sym_name", _Attr('"' + sym.group(1).strip('"') + '"'))
        op._implicit.add("sym_name")
    if name == "gpu.func" and re.search(r"\)\s+kernel\b", head):  # the printed form of the gpu.kernel unit attribute
        dict.__setitem__(op.attributes, "gpu.kernel", _Attr("unit"))
        op._implicit.add("gpu.kernel")
    operand_text = head[:colons[0]] if colons else head
    for v in _VAL.findall(operand_text):
        if v in values:
            op.operands.append(values[v])
    types = head[colons[-1] + 3:].strip() if colons else None
    for i, r in enumerate(res_names):
        t = types if types and len(res_names) == 1 and "->" not in types else None
        if types and "->" in types:
            t = types.split("->")[-1].strip().strip("()")
            t = t.split(",")[i].strip() if len(res_names) > 1 else t
        val = _Value(r, op, i, t)
        op.results.append(val)
        values[r] = val
    return op


def _entry_args(op, line, block, values):
    """A func-like op's entry block arguments, from its signature."""
    m = re.search(r"@[\w$.-]+\((.*?)\)", line)
    for k, (an, at) in enumerate(re.findall(r"(%[\w$.-]+)\s*:\s*([^,)]+)", m.group(1) if m else "")):
        v = _Value(an, block, k, at.strip())
        block.arguments.append(v)
        values[an] = v


def _parse_block(text, i, block, values):
    """Ops of block from line i until the line closing its region; returns that line's index."""
    lines = text.lines
    while i < len(lines):
        line = lines[i].strip()
        if not line or line.startswith("//") or line.startswith("^") or line.startswith("#"):
            i += 1
            continue
        if line.startswith("}"):
            return i
        start = i
        op = _parse_op(line, values, text)
        block.operations.append(op)
        i += 1
        if _region_open(line) is not None:
            first = True
            while True:
                reg = _Region(op)
                b = _Block(op, text)
                reg.blocks.append(b)
                op.regions.append(reg)
                if first and op.name in _FUNC_LIKE:
                    _entry_args(op, line, b, values)
                first = False
                opened = i - 1
                close = _parse_block(text, i, b, values)
                b._span = text.track(_Span(opened, close + 1))
                i = close + 1
                if close >= len(lines) or not lines[close].rstrip().endswith("{"):
                    break
        op._span = text.track(_Span(start, i))
    return i


def module_body(module, text):
    """The body block of the module text prints (module: the ir.Module that holds it, whose text edits change)."""
    prev = getattr(module, "_view_text", None)
    if prev is not None and "\n".join(prev.lines) + "\n" == text:
        t = prev  # the text the views handed out so far edit: keep their spans
    else:
        t = _Text(text.splitlines(), module)
        module._view_text = t
    values = {}
    lines = t.lines
    start = next((k for k, ln in enumerate(lines) if ln.strip().startswith("module")), -1)
    body = _Block(None, t)
    close = _parse_block(t, start + 1, body, values)
    body._span = t.track(_Span(max(start, 0), close + 1))
    body.module_op = None
    if start >= 0:
        body.module_op = _parse_op(lines[start].strip(), {}, t)
        body.module_op.name = "builtin.module"
        body.module_op._span = t.track(_Span(start, start + 1))
    return body


def insert_before(op, new):
    """Put a detached op (a clone) into op's module just before op."""
    t, s = op._textv, op._span
    if t is None or s is None or s.start < 0 or t.module is None:
        raise RuntimeError(f"{op.name} is not in a module")
    _place(new, t, s.start, _indent(t.lines[s.start]))


def insert_into(block, new, at_begin):
    """Put a detached op at the beginning or the end of a block of a parsed module."""
    t, s = block._textv, block._span
    if t is None or s is None or s.start < 0 or t.module is None:
        raise RuntimeError("the block is not in a module")
    inner = [block._textv.lines[k] for k in range(s.start + 1, s.end - 1) if block._textv.lines[k].strip()]
    pad = _indent(inner[0]) if inner else _indent(t.lines[s.start]) + 2
    _place(new, t, s.start + 1 if at_begin else s.end - 1, pad)


_DEFS = re.compile(r"^\s*((?:%[\w$.-]+(?::\d+)?\s*,\s*)*%[\w$.-]+(?::\d+)?)\s*=")
_ARGS = re.compile(r"(%[\w$.-]+)\s*:")
_clones = [0]


def _fresh_names(lines):
    """lines with every value they define (results, block and entry arguments) given a new name, as a clone's
    values are new values: the text can go next to the original without redefining its names."""
    defs = []
    for ln in lines:
        m = _DEFS.match(ln)
        if m:
            defs += [d.strip().split(":")[0] for d in m.group(1).split(",")]
        head = ln.strip()
        if head.startswith("^") or head.endswith("{"):
            defs += _ARGS.findall(head.split("->")[0] if head.startswith("^") else head)
    if not defs:
        return lines
    _clones[0] += 1
    names = {d: f"%clone{_clones[0]}_{d[1:]}" for d in dict.fromkeys(defs)}  # a letter first: %0 -> %clone1_0
    pat = re.compile("(" + "|".join(re.escape(d) for d in sorted(names, key=len, reverse=True)) + r")(?![\w$.-])")
    return [pat.sub(lambda m: names[m.group(1)], ln) for ln in lines]


def _place(new, t, at, pad):
    if not isinstance(new, _Op):
        raise TypeError("only ops of a parsed module or their clones can be inserted into a parsed module")
    lines = [(" " * pad + ln) if ln.strip() else ln for ln in _fresh_names(new._lines())]
    t.insert(at, lines)
    new._textv, new._span = t, t.track(_Span(at, at + len(lines)))
