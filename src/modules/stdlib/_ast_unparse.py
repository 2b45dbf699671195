"""ast.unparse for flyi: source text from a tree, parenthesised by operator precedence and laid
out as CPython 3.11's ast.unparse does (blank line before def/class, docstrings with triple
quotes, elif chains)."""

import ast as _a

# precedence levels, lowest first
NAMED_EXPR, TUPLE, YIELD, TEST, OR, AND, NOT, CMP, EXPR = range(1, 10)
BOR = EXPR
BXOR, BAND, SHIFT, ARITH, TERM, FACTOR, POWER, AWAIT, ATOM = range(10, 19)

_INFSTR = "1e309"
_SINGLE_QUOTES = ("'", '"')
_MULTI_QUOTES = ('"""', "'''")
_ALL_QUOTES = (*_SINGLE_QUOTES, *_MULTI_QUOTES)

_BINOP = {'Add': ('+', ARITH), 'Sub': ('-', ARITH), 'Mult': ('*', TERM), 'MatMult': ('@', TERM),
          'Div': ('/', TERM), 'Mod': ('%', TERM), 'LShift': ('<<', SHIFT), 'RShift': ('>>', SHIFT),
          'BitOr': ('|', BOR), 'BitXor': ('^', BXOR), 'BitAnd': ('&', BAND),
          'FloorDiv': ('//', TERM), 'Pow': ('**', POWER)}
_UNARY = {'Invert': ('~', FACTOR), 'Not': ('not', NOT), 'UAdd': ('+', FACTOR), 'USub': ('-', FACTOR)}
_CMP = {'Eq': '==', 'NotEq': '!=', 'Lt': '<', 'LtE': '<=', 'Gt': '>', 'GtE': '>=', 'Is': 'is',
        'IsNot': 'is not', 'In': 'in', 'NotIn': 'not in'}
_BOOL = {'And': ('and', AND), 'Or': ('or', OR)}


class Unparser:
    def __init__(self):
        self._source = []
        self._precedences = {}
        self._indent = 0
        self._in_try_star = False

    def visit(self, node):
        self._source = []
        self.traverse(node)
        return "".join(self._source)

    def traverse(self, node):
        if isinstance(node, list):
            for item in node:
                self.traverse(item)
        else:
            getattr(self, 'visit_' + node.__class__.__name__)(node)

    # -------------------------------------------------------------- output helpers
    def write(self, *text):
        self._source.extend(text)

    def maybe_newline(self):
        if self._source:
            self.write("\n")

    def fill(self, text=""):
        self.maybe_newline()
        self.write("    " * self._indent + text)

    def block_start(self):
        self.write(":")
        self._indent += 1

    def block_end(self):
        self._indent -= 1

    def items_view(self, traverser, items):
        if len(items) == 1:
            traverser(items[0])
            self.write(",")
        else:
            self.interleave(lambda: self.write(", "), traverser, items)

    def interleave(self, inter, f, seq):
        first = True
        for x in seq:
            if not first:
                inter()
            first = False
            f(x)

    def get_precedence(self, node):
        return self._precedences.get(id(node), TEST)

    def set_precedence(self, precedence, *nodes):
        for node in nodes:
            self._precedences[id(node)] = precedence

    def paren_if(self, cond, f):
        if cond:
            self.write("(")
        f()
        if cond:
            self.write(")")

    def require_parens(self, precedence, node, f):
        self.paren_if(self.get_precedence(node) > precedence, f)

    def get_raw_docstring(self, node):
        if not isinstance(node, (_a.AsyncFunctionDef, _a.FunctionDef, _a.ClassDef, _a.Module)) \
                or len(node.body) < 1:
            return None
        node = node.body[0]
        if not isinstance(node, _a.Expr):
            return None
        node = node.value
        if isinstance(node, _a.Constant) and isinstance(node.value, str):
            return node
        return None

    def traverse_body(self, node):
        if (docstring := self.get_raw_docstring(node)):
            self._write_docstring(docstring)
            self.traverse(node.body[1:])
        else:
            self.traverse(node.body)

    def body_block(self, body):
        self.block_start()
        self.traverse(body)
        self.block_end()

    # -------------------------------------------------------------- statements
    def visit_Module(self, node):
        self.traverse_body(node)

    def visit_Interactive(self, node):
        self.traverse(node.body)

    def visit_Expression(self, node):
        self.traverse(node.body)

    def visit_Expr(self, node):
        self.fill()
        self.set_precedence(YIELD, node.value)
        self.traverse(node.value)

    def visit_NamedExpr(self, node):
        _p = self.get_precedence(node) > TUPLE
        if _p:
            self.write("(")
        self.set_precedence(ATOM, node.target, node.value)
        self.traverse(node.target)
        self.write(" := ")
        self.traverse(node.value)
        if _p:
            self.write(")")

    def visit_Import(self, node):
        self.fill("import ")
        self.interleave(lambda: self.write(", "), self.traverse, node.names)

    def visit_ImportFrom(self, node):
        self.fill("from ")
        self.write("." * (node.level or 0))
        if node.module:
            self.write(node.module)
        self.write(" import ")
        self.interleave(lambda: self.write(", "), self.traverse, node.names)

    def visit_Assign(self, node):
        self.fill()
        for target in node.targets:
            self.set_precedence(TUPLE, target)
            self.traverse(target)
            self.write(" = ")
        self.traverse(node.value)

    def visit_AugAssign(self, node):
        self.fill()
        self.traverse(node.target)
        self.write(" " + _BINOP[node.op.__class__.__name__][0] + "= ")
        self.traverse(node.value)

    def visit_AnnAssign(self, node):
        self.fill()
        self.paren_if(not node.simple and isinstance(node.target, _a.Name),
                      lambda: self.traverse(node.target))
        self.write(": ")
        self.traverse(node.annotation)
        if node.value:
            self.write(" = ")
            self.traverse(node.value)

    def visit_Return(self, node):
        self.fill("return")
        if node.value:
            self.write(" ")
            self.traverse(node.value)

    def visit_Pass(self, node):
        self.fill("pass")

    def visit_Break(self, node):
        self.fill("break")

    def visit_Continue(self, node):
        self.fill("continue")

    def visit_Delete(self, node):
        self.fill("del ")
        self.interleave(lambda: self.write(", "), self.traverse, node.targets)

    def visit_Assert(self, node):
        self.fill("assert ")
        self.traverse(node.test)
        if node.msg:
            self.write(", ")
            self.traverse(node.msg)

    def visit_Global(self, node):
        self.fill("global ")
        self.interleave(lambda: self.write(", "), self.write, node.names)

    def visit_Nonlocal(self, node):
        self.fill("nonlocal ")
        self.interleave(lambda: self.write(", "), self.write, node.names)

    def visit_Await(self, node):
        _p = self.get_precedence(node) > AWAIT
        if _p:
            self.write("(")
        self.write("await")
        if node.value:
            self.write(" ")
            self.set_precedence(ATOM, node.value)
            self.traverse(node.value)
        if _p:
            self.write(")")

    def visit_Yield(self, node):
        _p = self.get_precedence(node) > YIELD
        if _p:
            self.write("(")
        self.write("yield")
        if node.value:
            self.write(" ")
            self.set_precedence(ATOM, node.value)
            self.traverse(node.value)
        if _p:
            self.write(")")

    def visit_YieldFrom(self, node):
        _p = self.get_precedence(node) > YIELD
        if _p:
            self.write("(")
        self.write("yield from ")
        self.set_precedence(ATOM, node.value)
        self.traverse(node.value)
        if _p:
            self.write(")")

    def visit_Raise(self, node):
        self.fill("raise")
        if not node.exc:
            return
        self.write(" ")
        self.traverse(node.exc)
        if node.cause:
            self.write(" from ")
            self.traverse(node.cause)

    def visit_Try(self, node):
        self.fill("try")
        self.body_block(node.body)
        for ex in node.handlers:
            self.traverse(ex)
        if node.orelse:
            self.fill("else")
            self.body_block(node.orelse)
        if node.finalbody:
            self.fill("finally")
            self.body_block(node.finalbody)

    def visit_ExceptHandler(self, node):
        self.fill("except")
        if node.type:
            self.write(" ")
            self.traverse(node.type)
        if node.name:
            self.write(" as ")
            self.write(node.name)
        self.body_block(node.body)

    def visit_ClassDef(self, node):
        self.maybe_newline()
        for deco in node.decorator_list:
            self.fill("@")
            self.traverse(deco)
        self.fill("class " + node.name)
        if node.bases or node.keywords:
            self.write("(")
            comma = False
            for e in node.bases:
                if comma:
                    self.write(", ")
                else:
                    comma = True
                self.traverse(e)
            for e in node.keywords:
                if comma:
                    self.write(", ")
                else:
                    comma = True
                self.traverse(e)
            self.write(")")
        self.block_start()
        self.traverse_body(node)
        self.block_end()

    def visit_FunctionDef(self, node):
        self._function_helper(node, "def")

    def visit_AsyncFunctionDef(self, node):
        self._function_helper(node, "async def")

    def _function_helper(self, node, fill_suffix):
        self.maybe_newline()
        for deco in node.decorator_list:
            self.fill("@")
            self.traverse(deco)
        self.fill(fill_suffix + " " + node.name)
        self.write("(")
        self.traverse(node.args)
        self.write(")")
        if node.returns:
            self.write(" -> ")
            self.traverse(node.returns)
        self.block_start()
        self.traverse_body(node)
        self.block_end()

    def visit_For(self, node):
        self._for_helper("for ", node)

    def visit_AsyncFor(self, node):
        self._for_helper("async for ", node)

    def _for_helper(self, fill, node):
        self.fill(fill)
        self.set_precedence(TUPLE, node.target)
        self.traverse(node.target)
        self.write(" in ")
        self.traverse(node.iter)
        self.body_block(node.body)
        if node.orelse:
            self.fill("else")
            self.body_block(node.orelse)

    def visit_If(self, node):
        self.fill("if ")
        self.traverse(node.test)
        self.body_block(node.body)
        while node.orelse and len(node.orelse) == 1 and isinstance(node.orelse[0], _a.If):
            node = node.orelse[0]
            self.fill("elif ")
            self.traverse(node.test)
            self.body_block(node.body)
        if node.orelse:
            self.fill("else")
            self.body_block(node.orelse)

    def visit_While(self, node):
        self.fill("while ")
        self.traverse(node.test)
        self.body_block(node.body)
        if node.orelse:
            self.fill("else")
            self.body_block(node.orelse)

    def visit_With(self, node):
        self.fill("with ")
        self.interleave(lambda: self.write(", "), self.traverse, node.items)
        self.body_block(node.body)

    def visit_AsyncWith(self, node):
        self.fill("async with ")
        self.interleave(lambda: self.write(", "), self.traverse, node.items)
        self.body_block(node.body)

    # -------------------------------------------------------------- strings
    def _str_literal_helper(self, string, *, quote_types=_ALL_QUOTES, escape_special_whitespace=False):
        def escape_char(c):
            if not escape_special_whitespace and c in "\n\t":
                return c
            if c == "\\" or not c.isprintable():
                return repr(c)[1:-1]
            return c

        escaped_string = "".join(map(escape_char, string))
        possible_quotes = quote_types
        if "\n" in escaped_string:
            possible_quotes = [q for q in possible_quotes if q in _MULTI_QUOTES]
        possible_quotes = [q for q in possible_quotes if q not in escaped_string]
        if not possible_quotes:
            string = repr(string)
            quote = next((q for q in quote_types if string[0] in q), string[0])
            return string[1:-1], [quote]
        if escaped_string:
            possible_quotes.sort(key=lambda q: q[0] == escaped_string[-1])
            if possible_quotes[0][0] == escaped_string[-1]:
                assert len(possible_quotes[0]) == 3
                escaped_string = escaped_string[:-1] + "\\" + escaped_string[-1]
        return escaped_string, possible_quotes

    def _write_str_avoiding_backslashes(self, string, *, quote_types=_ALL_QUOTES):
        string, quote_types = self._str_literal_helper(string, quote_types=quote_types)
        quote_type = quote_types[0]
        self.write(f"{quote_type}{string}{quote_type}")

    def _write_docstring(self, node):
        self.fill()
        if node.kind == "u":
            self.write("u")
        self._write_str_avoiding_backslashes(node.value, quote_types=_MULTI_QUOTES)

    def visit_JoinedStr(self, node):
        self.write("f")
        fstring_parts = []
        for value in node.values:
            buffer = []
            self._fstring_part(value, buffer.append)
            fstring_parts.append(("".join(buffer), isinstance(value, _a.Constant)))
        new_fstring_parts = []
        quote_types = list(_ALL_QUOTES)
        for value, is_constant in fstring_parts:
            value, quote_types = self._str_literal_helper(
                value, quote_types=quote_types, escape_special_whitespace=is_constant)
            new_fstring_parts.append(value)
        value = "".join(new_fstring_parts)
        quote_type = quote_types[0]
        self.write(f"{quote_type}{value}{quote_type}")

    def _fstring_part(self, node, write):
        if isinstance(node, _a.Constant):
            write(node.value.replace("{", "{{").replace("}", "}}"))
        elif isinstance(node, _a.JoinedStr):
            for v in node.values:
                self._fstring_part(v, write)
        else:
            self._fstring_FormattedValue(node, write)

    def _fstring_FormattedValue(self, node, write):
        write("{")
        unparser = type(self)()
        unparser.set_precedence(TEST + 1, node.value)
        expr = unparser.visit(node.value)
        if expr.startswith("{"):
            write(" ")
        if "\\" in expr:
            raise ValueError("Unable to avoid backslash in f-string expression part")
        write(expr)
        if node.conversion != -1:
            write(f"!{chr(node.conversion)}")
        if node.format_spec:
            write(":")
            self._fstring_part(node.format_spec, write)
        write("}")

    def visit_FormattedValue(self, node):
        self.write("f")
        buf = []
        self._fstring_FormattedValue(node, buf.append)
        self._write_str_avoiding_backslashes("".join(buf))

    # -------------------------------------------------------------- expressions
    def visit_Name(self, node):
        self.write(node.id)

    def _write_constant(self, value):
        if isinstance(value, (float, complex)):
            self.write(repr(value).replace("inf", _INFSTR).replace("nan", f"({_INFSTR}-{_INFSTR})"))
        else:
            self.write(repr(value))

    def visit_Constant(self, node):
        value = node.value
        if isinstance(value, tuple):
            self.write("(")
            self.items_view(self._write_constant, value)
            self.write(")")
        elif value is ...:
            self.write("...")
        else:
            if node.kind == "u":
                self.write("u")
            self._write_constant(node.value)

    def visit_List(self, node):
        self.write("[")
        self.interleave(lambda: self.write(", "), self.traverse, node.elts)
        self.write("]")

    def _comp(self, open_, close, elts, generators):
        self.write(open_)
        for e in elts:
            self.traverse(e)
        for gen in generators:
            self.traverse(gen)
        self.write(close)

    def visit_ListComp(self, node):
        self._comp("[", "]", [node.elt], node.generators)

    def visit_GeneratorExp(self, node):
        self._comp("(", ")", [node.elt], node.generators)

    def visit_SetComp(self, node):
        self._comp("{", "}", [node.elt], node.generators)

    def visit_DictComp(self, node):
        self.write("{")
        self.traverse(node.key)
        self.write(": ")
        self.traverse(node.value)
        for gen in node.generators:
            self.traverse(gen)
        self.write("}")

    def visit_comprehension(self, node):
        self.write(" async for " if node.is_async else " for ")
        self.set_precedence(TUPLE, node.target)
        self.traverse(node.target)
        self.write(" in ")
        self.set_precedence(TEST + 1, node.iter, *node.ifs)
        self.traverse(node.iter)
        for if_clause in node.ifs:
            self.write(" if ")
            self.traverse(if_clause)

    def visit_IfExp(self, node):
        _p = self.get_precedence(node) > TEST
        if _p:
            self.write("(")
        self.set_precedence(TEST + 1, node.body, node.test)
        self.traverse(node.body)
        self.write(" if ")
        self.traverse(node.test)
        self.write(" else ")
        self.set_precedence(TEST, node.orelse)
        self.traverse(node.orelse)
        if _p:
            self.write(")")

    def visit_Set(self, node):
        if node.elts:
            self.write("{")
            self.interleave(lambda: self.write(", "), self.traverse, node.elts)
            self.write("}")
        else:
            self.write('{*()}')

    def visit_Dict(self, node):
        def write_key_value_pair(k, v):
            self.traverse(k)
            self.write(": ")
            self.traverse(v)

        def write_item(item):
            k, v = item
            if k is None:
                self.write("**")
                self.set_precedence(EXPR, v)
                self.traverse(v)
            else:
                write_key_value_pair(k, v)
        self.write("{")
        self.interleave(lambda: self.write(", "), write_item, list(zip(node.keys, node.values)))
        self.write("}")

    def visit_Tuple(self, node):
        self.paren_if(len(node.elts) == 0 or self.get_precedence(node) > TUPLE,
                      lambda: self.items_view(self.traverse, node.elts))

    def visit_UnaryOp(self, node):
        operator, operator_precedence = _UNARY[node.op.__class__.__name__]

        _p = self.get_precedence(node) > operator_precedence
        if _p:
            self.write("(")
        self.write(operator)
        if operator_precedence is not FACTOR:
            self.write(" ")
        self.set_precedence(operator_precedence, node.operand)
        self.traverse(node.operand)
        if _p:
            self.write(")")

    def visit_BinOp(self, node):
        operator, operator_precedence = _BINOP[node.op.__class__.__name__]

        _p = self.get_precedence(node) > operator_precedence
        if _p:
            self.write("(")
        if operator == '**':
            left_precedence = operator_precedence + 1
            right_precedence = operator_precedence
        else:
            left_precedence = operator_precedence
            right_precedence = operator_precedence + 1
        self.set_precedence(left_precedence, node.left)
        self.traverse(node.left)
        self.write(f" {operator} ")
        self.set_precedence(right_precedence, node.right)
        self.traverse(node.right)
        if _p:
            self.write(")")

    def visit_Compare(self, node):
        _p = self.get_precedence(node) > CMP
        if _p:
            self.write("(")
        self.set_precedence(CMP + 1, node.left, *node.comparators)
        self.traverse(node.left)
        for o, e in zip(node.ops, node.comparators):
            self.write(" " + _CMP[o.__class__.__name__] + " ")
            self.traverse(e)
        if _p:
            self.write(")")

    def visit_BoolOp(self, node):
        operator, operator_precedence = _BOOL[node.op.__class__.__name__]

        def increasing_level_traverse(node):
            nonlocal operator_precedence
            operator_precedence = operator_precedence + 1
            self.set_precedence(operator_precedence, node)
            self.traverse(node)

        _p = self.get_precedence(node) > operator_precedence
        if _p:
            self.write("(")
        s = f" {operator} "
        self.interleave(lambda: self.write(s), increasing_level_traverse, node.values)
        if _p:
            self.write(")")

    def visit_Attribute(self, node):
        self.set_precedence(ATOM, node.value)
        self.traverse(node.value)
        if isinstance(node.value, _a.Constant) and isinstance(node.value.value, int):
            self.write(" ")
        self.write(".")
        self.write(node.attr)

    def visit_Call(self, node):
        self.set_precedence(ATOM, node.func)
        self.traverse(node.func)
        self.write("(")
        comma = False
        for e in node.args:
            if comma:
                self.write(", ")
            else:
                comma = True
            self.traverse(e)
        for e in node.keywords:
            if comma:
                self.write(", ")
            else:
                comma = True
            self.traverse(e)
        self.write(")")

    def visit_Subscript(self, node):
        def is_non_empty_tuple(slice_value):
            return isinstance(slice_value, _a.Tuple) and slice_value.elts
        self.set_precedence(ATOM, node.value)
        self.traverse(node.value)
        self.write("[")
        if is_non_empty_tuple(node.slice):
            self.items_view(self.traverse, node.slice.elts)
        else:
            self.traverse(node.slice)
        self.write("]")

    def visit_Starred(self, node):
        self.write("*")
        self.set_precedence(EXPR, node.value)
        self.traverse(node.value)

    def visit_Ellipsis(self, node):
        self.write("...")

    def visit_Slice(self, node):
        if node.lower:
            self.traverse(node.lower)
        self.write(":")
        if node.upper:
            self.traverse(node.upper)
        if node.step:
            self.write(":")
            self.traverse(node.step)

    def visit_arg(self, node):
        self.write(node.arg)
        if node.annotation:
            self.write(": ")
            self.traverse(node.annotation)

    def visit_arguments(self, node):
        first = True
        all_args = node.posonlyargs + node.args
        defaults = [None] * (len(all_args) - len(node.defaults)) + node.defaults
        for index, elements in enumerate(zip(all_args, defaults), 1):
            a, d = elements
            if first:
                first = False
            else:
                self.write(", ")
            self.traverse(a)
            if d:
                self.write("=")
                self.traverse(d)
            if index == len(node.posonlyargs):
                self.write(", /")
        if node.vararg or node.kwonlyargs:
            if first:
                first = False
            else:
                self.write(", ")
            self.write("*")
            if node.vararg:
                self.write(node.vararg.arg)
                if node.vararg.annotation:
                    self.write(": ")
                    self.traverse(node.vararg.annotation)
        if node.kwonlyargs:
            for a, d in zip(node.kwonlyargs, node.kw_defaults):
                self.write(", ")
                self.traverse(a)
                if d:
                    self.write("=")
                    self.traverse(d)
        if node.kwarg:
            if first:
                first = False
            else:
                self.write(", ")
            self.write("**" + node.kwarg.arg)
            if node.kwarg.annotation:
                self.write(": ")
                self.traverse(node.kwarg.annotation)

    def visit_keyword(self, node):
        if node.arg is None:
            self.write("**")
        else:
            self.write(node.arg)
            self.write("=")
        self.traverse(node.value)

    def visit_Lambda(self, node):
        _p = self.get_precedence(node) > TEST
        if _p:
            self.write("(")
        self.write("lambda")
        saved, self._source = self._source, []
        self.traverse(node.args)
        buf, self._source = self._source, saved
        if buf:
            self.write(" ", *buf)
        self.write(": ")
        self.set_precedence(TEST, node.body)
        self.traverse(node.body)
        if _p:
            self.write(")")

    def visit_alias(self, node):
        self.write(node.name)
        if node.asname:
            self.write(" as " + node.asname)

    def visit_withitem(self, node):
        self.traverse(node.context_expr)
        if node.optional_vars:
            self.write(" as ")
            self.traverse(node.optional_vars)


def unparse(ast_obj):
    return Unparser().visit(ast_obj)


class _LineKeeping(Unparser):
    """Unparses with each statement on its own line number where the text before it allows (blank lines pad up
    to it), so that code compiled from a tree keeps the tree's lines in co_firstlineno and tracebacks."""

    def __init__(self):
        super().__init__()
        self._line = 1
        self._want = None

    def write(self, *text):
        for t in text:
            self._line += t.count("\n")
        self._source.extend(text)

    def traverse(self, node):
        if isinstance(node, _a.stmt) and getattr(node, "lineno", None):
            decos = [d.lineno for d in getattr(node, "decorator_list", ()) if getattr(d, "lineno", None)]
            self._want = min([node.lineno] + decos)
        super().traverse(node)

    def fill(self, text=""):
        want, self._want = self._want, None
        if self._source:
            self.write("\n" * (want - self._line if want and want > self._line else 1))
        elif want and want > 1:
            self.write("\n" * (want - 1))
        self.write("    " * self._indent + text)


def source_for_compile(tree):
    """The source compile() runs for an AST object (statements on their own lines); TypeError for anything else."""
    if not isinstance(tree, _a.AST):
        raise TypeError(f"compile() arg 1 must be a string, bytes or AST object")
    if isinstance(tree, (_a.Module, _a.Interactive)) and not tree.body:
        return ""
    return _LineKeeping().visit(tree) + "\n"
