# flydsl._mlir._parsed: a read-only view of MLIR text as MLIR prints it (a module after PassManager.run, or
# Module.parse): module.body.operations, an op's name / operands / results / attributes / regions, a func's
# entry_block, a value's owner. Enough to look at what the passes left; it does not rebuild IR.
import re

_VAL = re.compile(r"%[A-Za-z0-9_$.-]+(?:#\d+)?")


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


class _Block:
    def __init__(self, owner):
        self.owner = owner
        self.operations = []
        self.arguments = []

    def __iter__(self):
        return iter(self.operations)


class _Region:
    def __init__(self, owner):
        self.owner = owner
        self.blocks = []


class _Op:
    """One op of the text: name, operands, results, attributes (arith.constant's value, key = value pairs of
    its attribute dictionary) and regions."""

    def __init__(self, name, text):
        self.name = name
        self._text = text
        self.operands = []
        self.results = []
        self.attributes = {}
        self.regions = []

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

    def __str__(self):
        return self._text

    __repr__ = __str__


def _split_attrs(s):
    """key = value pairs of an attribute dictionary's text (top-level commas)."""
    out, depth, cur = {}, 0, ""
    for ch in s + ",":
        if ch in "<([{":
            depth += 1
        elif ch in ">)]}":
            depth -= 1
        if ch == "," and depth == 0:
            if "=" in cur:
                k, v = cur.split("=", 1)
                out[k.strip().strip('"')] = _Attr(v)
            cur = ""
        else:
            cur += ch
    return out


def _parse_op(line, values):
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
    op = _Op(name, line)
    head = rest.split(" : ")[0] if " : " in rest else rest
    if name == "arith.constant":
        op.attributes["value"] = _Attr(rest.strip())
    a = re.search(r"<?\{(.*)\}>?", head)
    if a:
        op.attributes.update(_split_attrs(a.group(1)))
        head = head[:a.start()] + head[a.end():]
    for v in _VAL.findall(head):
        if v in values:
            op.operands.append(values[v])
    types = rest.rsplit(" : ", 1)[1].strip() if " : " in rest else None
    for i, r in enumerate(res_names):
        t = types if types and len(res_names) == 1 and "->" not in types else None
        if types and "->" in types:
            t = types.split("->")[-1].strip().strip("()")
            t = t.split(",")[i].strip() if len(res_names) > 1 else t
        val = _Value(r, op, i, t)
        op.results.append(val)
        values[r] = val
    return op


def _parse_block(lines, i, block, values):
    """Ops of block from lines[i] until the closing '}' of its region; returns the index after it."""
    while i < len(lines):
        line = lines[i].strip()
        i += 1
        if not line or line.startswith("//") or line.startswith("^"):
            continue
        if line.startswith("}"):
            return i
        op = _parse_op(line.rstrip("{").strip() if line.endswith("{") else line, values)
        if op.name == "func.func":
            m = re.search(r"@[\w$.-]+\((.*?)\)", line)
            if m:
                op.attributes["sym_name"] = _Attr('"' + re.search(r"@([\w$.-]+)", line).group(1) + '"')
        block.operations.append(op)
        if line.endswith("{"):
            reg = _Region(op)
            b = _Block(op)
            reg.blocks.append(b)
            op.regions.append(reg)
            if op.name == "func.func":
                for k, (an, at) in enumerate(re.findall(r"(%[\w$.-]+)\s*:\s*([^,)]+)", m.group(1) if m else "")):
                    v = _Value(an, b, k, at.strip())
                    b.arguments.append(v)
                    values[an] = v
            i = _parse_block(lines, i, b, values)
    return i


def module_body(text):
    """The body block of the module text prints."""
    lines = text.splitlines()
    values = {}
    body = _Block(None)
    start = next((k + 1 for k, ln in enumerate(lines) if ln.strip().startswith("module")), 0)
    _parse_block(lines, start, body, values)
    return body
