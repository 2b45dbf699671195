"""IPython.lib.pretty for flyi: the printer handed to _repr_pretty_(p, cycle), and pretty(obj).

The printer keeps IPython's method names (text, breakable, pretty, group, begin_group,
end_group, indent) but does not reflow: breakable() writes its separator."""

__all__ = ['pretty', 'pprint', 'PrettyPrinter', 'RepresentationPrinter']


class PrettyPrinter:
    """Collects text for _repr_pretty_ methods."""

    def __init__(self, output=None, max_width=79, newline='\n', max_seq_length=1000):
        self.output = output
        self.max_width = max_width
        self.newline = newline
        self.max_seq_length = max_seq_length
        self.indentation = 0
        self._parts = []
        self._stack = []

    def text(self, obj):
        self._parts.append(str(obj))

    def breakable(self, sep=' '):
        self._parts.append(sep)

    def break_(self):
        self._parts.append(self.newline + ' ' * self.indentation)

    def begin_group(self, indent=0, open=''):
        if open:
            self.text(open)
        self.indentation += indent

    def end_group(self, dedent=0, close=''):
        self.indentation -= dedent
        if close:
            self.text(close)

    def group(self, indent=0, open='', close=''):
        return _Group(self, indent, open, close)

    def indent(self, indent):
        return _Group(self, indent, '', '')

    def pretty(self, obj):
        if id(obj) in self._stack:
            cycle = True
        else:
            cycle = False
        meth = getattr(type(obj), '_repr_pretty_', None)
        if meth is None:
            self.text(repr(obj))
            return
        self._stack.append(id(obj))
        try:
            meth(obj, self, cycle)
        finally:
            self._stack.pop()

    def flush(self):
        pass

    def getvalue(self):
        return ''.join(self._parts)


RepresentationPrinter = PrettyPrinter


class _Group:
    def __init__(self, p, indent, open, close):
        self.p, self.indent, self.open, self.close = p, indent, open, close

    def __enter__(self):
        self.p.begin_group(self.indent, self.open)
        return self.p

    def __exit__(self, *exc):
        self.p.end_group(self.indent, self.close)
        return False


def pretty(obj, verbose=False, max_width=79, newline='\n', max_seq_length=1000):
    """The text IPython shows for obj: its _repr_pretty_ output, else repr(obj)."""
    p = PrettyPrinter(None, max_width, newline, max_seq_length)
    p.pretty(obj)
    return p.getvalue()


def pprint(obj, verbose=False, max_width=79, newline='\n', max_seq_length=1000):
    """Print pretty(obj)."""
    print(pretty(obj, verbose, max_width, newline, max_seq_length))
