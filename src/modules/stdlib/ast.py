"""Abstract Syntax Trees for flyi: ast.parse() gives node classes with CPython 3.11's names,
fields and attributes, and ast.dump() prints them as CPython does. Parsing is flyi's own parser
(the _ast module), whose tree arrives as dump text with locations that _ast reads back into
instances of the classes here."""

import _ast

PyCF_ONLY_AST = 1024
PyCF_TYPE_COMMENTS = 4096
PyCF_ALLOW_TOP_LEVEL_AWAIT = 8192

_ATTRS = ('lineno', 'col_offset', 'end_lineno', 'end_col_offset')


class AST:
    _fields = ()
    _attributes = ()

    def __init__(self, *args, **kwargs):
        if len(args) > len(self._fields):
            raise TypeError(f"{type(self).__name__} constructor takes at most "
                            f"{len(self._fields)} positional argument{'' if len(self._fields) == 1 else 's'}")
        for name, value in zip(self._fields, args):
            setattr(self, name, value)
        for name, value in kwargs.items():
            setattr(self, name, value)

    def __reduce__(self):
        return type(self), (), self.__dict__


# name base fields attributes(L: lineno, col_offset, end_lineno, end_col_offset) optional
_NODES = """
mod AST - - -
Module mod body,type_ignores - -
Interactive mod body - -
Expression mod body - -
FunctionType mod argtypes,returns - -
stmt AST - L -
FunctionDef stmt name,args,body,decorator_list,returns,type_comment L returns,type_comment
AsyncFunctionDef stmt name,args,body,decorator_list,returns,type_comment L returns,type_comment
ClassDef stmt name,bases,keywords,body,decorator_list L -
Return stmt value L value
Delete stmt targets L -
Assign stmt targets,value,type_comment L type_comment
AugAssign stmt target,op,value L -
AnnAssign stmt target,annotation,value,simple L value
For stmt target,iter,body,orelse,type_comment L type_comment
AsyncFor stmt target,iter,body,orelse,type_comment L type_comment
While stmt test,body,orelse L -
If stmt test,body,orelse L -
With stmt items,body,type_comment L type_comment
AsyncWith stmt items,body,type_comment L type_comment
Match stmt subject,cases L -
Raise stmt exc,cause L exc,cause
Try stmt body,handlers,orelse,finalbody L -
TryStar stmt body,handlers,orelse,finalbody L -
Assert stmt test,msg L msg
Import stmt names L -
ImportFrom stmt module,names,level L module,level
Global stmt names L -
Nonlocal stmt names L -
Expr stmt value L -
Pass stmt - L -
Break stmt - L -
Continue stmt - L -
expr AST - L -
BoolOp expr op,values L -
NamedExpr expr target,value L -
BinOp expr left,op,right L -
UnaryOp expr op,operand L -
Lambda expr args,body L -
IfExp expr test,body,orelse L -
Dict expr keys,values L -
Set expr elts L -
ListComp expr elt,generators L -
SetComp expr elt,generators L -
DictComp expr key,value,generators L -
GeneratorExp expr elt,generators L -
Await expr value L -
Yield expr value L value
YieldFrom expr value L -
Compare expr left,ops,comparators L -
Call expr func,args,keywords L -
FormattedValue expr value,conversion,format_spec L format_spec
JoinedStr expr values L -
Constant expr value,kind L kind
Attribute expr value,attr,ctx L -
Subscript expr value,slice,ctx L -
Starred expr value,ctx L -
Name expr id,ctx L -
List expr elts,ctx L -
Tuple expr elts,ctx L -
Slice expr lower,upper,step L lower,upper,step
expr_context AST - - -
Load expr_context - - -
Store expr_context - - -
Del expr_context - - -
boolop AST - - -
And boolop - - -
Or boolop - - -
operator AST - - -
Add operator - - -
Sub operator - - -
Mult operator - - -
MatMult operator - - -
Div operator - - -
Mod operator - - -
Pow operator - - -
LShift operator - - -
RShift operator - - -
BitOr operator - - -
BitXor operator - - -
BitAnd operator - - -
FloorDiv operator - - -
unaryop AST - - -
Invert unaryop - - -
Not unaryop - - -
UAdd unaryop - - -
USub unaryop - - -
cmpop AST - - -
Eq cmpop - - -
NotEq cmpop - - -
Lt cmpop - - -
LtE cmpop - - -
Gt cmpop - - -
GtE cmpop - - -
Is cmpop - - -
IsNot cmpop - - -
In cmpop - - -
NotIn cmpop - - -
comprehension AST target,iter,ifs,is_async - -
excepthandler AST - L -
ExceptHandler excepthandler type,name,body L type,name
arguments AST posonlyargs,args,vararg,kwonlyargs,kw_defaults,kwarg,defaults - vararg,kwarg
arg AST arg,annotation,type_comment L annotation,type_comment
keyword AST arg,value L arg
alias AST name,asname L asname
withitem AST context_expr,optional_vars - optional_vars
match_case AST pattern,guard,body - guard
pattern AST - L -
MatchValue pattern value L -
MatchSingleton pattern value L -
MatchSequence pattern patterns L -
MatchMapping pattern keys,patterns,rest L rest
MatchClass pattern cls,patterns,kwd_attrs,kwd_patterns L -
MatchStar pattern name L name
MatchAs pattern pattern,name L pattern,name
MatchOr pattern patterns L -
type_ignore AST - - -
TypeIgnore type_ignore lineno,tag - -
"""


def _make_nodes():
    g = globals()
    for line in _NODES.strip().split('\n'):
        name, base, fields, attrs, optional = line.split()
        ns = {'_fields': () if fields == '-' else tuple(fields.split(',')),
              '_attributes': () if attrs == '-' else _ATTRS if attrs == 'L' else tuple(attrs.split(',')),
              '__module__': 'ast'}
        if optional != '-':
            for f in optional.split(','):
                ns[f] = None
        if attrs == 'L':
            ns['end_lineno'] = None
            ns['end_col_offset'] = None
        g[name] = type(name, (g[base],), ns)


_make_nodes()
del _make_nodes

_EVAL_NS = {k: v for k, v in globals().items() if isinstance(v, type) and issubclass(v, AST)}
_EVAL_NS['inf'] = float('inf')
_EVAL_NS['__builtins__'] = {}
_SINGLETONS = ('Load', 'Store', 'Del', 'And', 'Or', 'Add', 'Sub', 'Mult', 'MatMult', 'Div', 'Mod',
               'Pow', 'LShift', 'RShift', 'BitOr', 'BitXor', 'BitAnd', 'FloorDiv', 'Invert', 'Not',
               'UAdd', 'USub', 'Eq', 'NotEq', 'Lt', 'LtE', 'Gt', 'GtE', 'Is', 'IsNot', 'In', 'NotIn')
for _n in _SINGLETONS:
    _EVAL_NS[_n] = (lambda inst: lambda: inst)(_EVAL_NS[_n]())
del _n


def parse(source, filename='<unknown>', mode='exec', *, type_comments=False, feature_version=None):
    """Parse the source into an AST node (compile(source, filename, mode, PyCF_ONLY_AST))."""
    if mode == 'func_type':
        raise ValueError("ast.parse(mode='func_type') is not supported by flyi")
    if not isinstance(filename, str):
        filename = str(filename)
    if isinstance(source, str) and source.startswith('\ufeff'):
        raise SyntaxError('invalid non-printable character U+FEFF',
                          (filename, 1, 1, source.split('\n', 1)[0], 1, 2))
    return _ast.parse_tree(source, filename, mode, _EVAL_NS)


def literal_eval(node_or_string):
    """Evaluate an expression node or a string containing only a Python literal: strings,
    bytes, numbers, tuples, lists, dicts, sets, booleans and None."""
    if isinstance(node_or_string, str):
        node_or_string = parse(node_or_string.lstrip(" \t"), mode='eval')
    if isinstance(node_or_string, Expression):
        node_or_string = node_or_string.body

    def _raise_malformed_node(node):
        msg = "malformed node or string"
        lno = getattr(node, 'lineno', None)
        if lno:
            msg += f' on line {lno}'
        raise ValueError(msg + f': {node!r}')

    def _convert_num(node):
        if not isinstance(node, Constant) or type(node.value) not in (int, float, complex):
            _raise_malformed_node(node)
        return node.value

    def _convert_signed_num(node):
        if isinstance(node, UnaryOp) and isinstance(node.op, (UAdd, USub)):
            operand = _convert_num(node.operand)
            if isinstance(node.op, UAdd):
                return + operand
            else:
                return - operand
        return _convert_num(node)

    def _convert(node):
        if isinstance(node, Constant):
            return node.value
        elif isinstance(node, Tuple):
            return tuple(map(_convert, node.elts))
        elif isinstance(node, List):
            return list(map(_convert, node.elts))
        elif isinstance(node, Set):
            return set(map(_convert, node.elts))
        elif (isinstance(node, Call) and isinstance(node.func, Name) and
              node.func.id == 'set' and node.args == node.keywords == []):
            return set()
        elif isinstance(node, Dict):
            if len(node.keys) != len(node.values):
                _raise_malformed_node(node)
            return dict(zip(map(_convert, node.keys), map(_convert, node.values)))
        elif isinstance(node, BinOp) and isinstance(node.op, (Add, Sub)):
            left = _convert_signed_num(node.left)
            right = _convert_num(node.right)
            if isinstance(left, (int, float)) and isinstance(right, complex):
                if isinstance(node.op, Add):
                    return left + right
                else:
                    return left - right
        return _convert_signed_num(node)
    return _convert(node_or_string)


def dump(node, annotate_fields=True, include_attributes=False, *, indent=None):
    """Return a formatted dump of the tree in node, as CPython's ast.dump()."""
    def _format(node, level=0):
        if indent is not None:
            level += 1
            prefix = '\n' + indent * level
            sep = ',\n' + indent * level
        else:
            prefix = ''
            sep = ', '
        if isinstance(node, AST):
            cls = type(node)
            args = []
            allsimple = True
            keywords = annotate_fields
            for name in node._fields:
                try:
                    value = getattr(node, name)
                except AttributeError:
                    keywords = True
                    continue
                if value is None and getattr(cls, name, ...) is None:
                    keywords = True
                    continue
                value, simple = _format(value, level)
                allsimple = allsimple and simple
                if keywords:
                    args.append('%s=%s' % (name, value))
                else:
                    args.append(value)
            if include_attributes and node._attributes:
                for name in node._attributes:
                    try:
                        value = getattr(node, name)
                    except AttributeError:
                        continue
                    if value is None and getattr(cls, name, ...) is None:
                        continue
                    value, simple = _format(value, level)
                    allsimple = allsimple and simple
                    args.append('%s=%s' % (name, value))
            if allsimple and len(args) <= 3:
                return '%s(%s)' % (node.__class__.__name__, ', '.join(args)), not args
            return '%s(%s%s)' % (node.__class__.__name__, prefix, sep.join(args)), False
        elif isinstance(node, list):
            if not node:
                return '[]', True
            return '[%s%s]' % (prefix, sep.join(_format(x, level)[0] for x in node)), False
        return repr(node), True

    if not isinstance(node, AST):
        raise TypeError('expected AST, got %r' % node.__class__.__name__)
    if indent is not None and not isinstance(indent, str):
        indent = ' ' * indent
    return _format(node)[0]


def copy_location(new_node, old_node):
    """Copy source location (lineno, col_offset, end_lineno, end_col_offset) from old_node to
    new_node if possible, and return new_node."""
    for attr in 'lineno', 'col_offset', 'end_lineno', 'end_col_offset':
        if attr in old_node._attributes and attr in new_node._attributes:
            value = getattr(old_node, attr, None)
            if value is not None or (hasattr(old_node, attr) and attr.startswith("end_")):
                setattr(new_node, attr, value)
    return new_node


def fix_missing_locations(node):
    """Give every node that lacks lineno/col_offset the values of its parent."""
    def _fix(node, lineno, col_offset, end_lineno, end_col_offset):
        if 'lineno' in node._attributes:
            if not hasattr(node, 'lineno'):
                node.lineno = lineno
            else:
                lineno = node.lineno
        if 'end_lineno' in node._attributes:
            if getattr(node, 'end_lineno', None) is None:
                node.end_lineno = end_lineno
            else:
                end_lineno = node.end_lineno
        if 'col_offset' in node._attributes:
            if not hasattr(node, 'col_offset'):
                node.col_offset = col_offset
            else:
                col_offset = node.col_offset
        if 'end_col_offset' in node._attributes:
            if getattr(node, 'end_col_offset', None) is None:
                node.end_col_offset = end_col_offset
            else:
                end_col_offset = node.end_col_offset
        for child in iter_child_nodes(node):
            _fix(child, lineno, col_offset, end_lineno, end_col_offset)
    _fix(node, 1, 0, 1, 0)
    return node


def increment_lineno(node, n=1):
    """Increment the line number and end line number of each node in the tree by n."""
    for child in walk(node):
        if isinstance(child, TypeIgnore):
            child.lineno = getattr(child, 'lineno', 0) + n
            continue
        if 'lineno' in child._attributes:
            child.lineno = getattr(child, 'lineno', 0) + n
        if "end_lineno" in child._attributes and (end_lineno := getattr(child, "end_lineno", 0)) is not None:
            child.end_lineno = end_lineno + n
    return node


def iter_fields(node):
    """Yield a tuple of (fieldname, value) for each field in node._fields present on node."""
    for field in node._fields:
        try:
            yield field, getattr(node, field)
        except AttributeError:
            pass


def iter_child_nodes(node):
    """Yield all direct child nodes of node: fields that are nodes and nodes in list fields."""
    for name, field in iter_fields(node):
        if isinstance(field, AST):
            yield field
        elif isinstance(field, list):
            for item in field:
                if isinstance(item, AST):
                    yield item


def _cleandoc(doc):
    lines = doc.expandtabs().split('\n')
    margin = None
    for line in lines[1:]:
        content = len(line.lstrip())
        if content:
            indent = len(line) - content
            margin = indent if margin is None else min(margin, indent)
    if lines:
        lines[0] = lines[0].lstrip()
    if margin is not None:
        for i in range(1, len(lines)):
            lines[i] = lines[i][margin:]
    while lines and not lines[-1]:
        lines.pop()
    while lines and not lines[0]:
        lines.pop(0)
    return '\n'.join(lines)


def get_docstring(node, clean=True):
    """Return the docstring of node (a function, class or module), or None."""
    if not isinstance(node, (AsyncFunctionDef, FunctionDef, ClassDef, Module)):
        raise TypeError("%r can't have docstrings" % node.__class__.__name__)
    if not(node.body and isinstance(node.body[0], Expr)):
        return None
    node = node.body[0].value
    if isinstance(node, Constant) and isinstance(node.value, str):
        text = node.value
    else:
        return None
    if clean:
        text = _cleandoc(text)
    return text


def get_source_segment(source, node, *, padded=False):
    """Get the source code segment of the source that generated node."""
    try:
        if node.end_lineno is None or node.end_col_offset is None:
            return None
        lineno = node.lineno - 1
        end_lineno = node.end_lineno - 1
        col_offset = node.col_offset
        end_col_offset = node.end_col_offset
    except AttributeError:
        return None
    lines = source.encode().split(b'\n')
    lines = [l.decode() + '\n' for l in lines[:-1]] + [lines[-1].decode()]
    if end_lineno == lineno:
        return lines[lineno].encode()[col_offset:end_col_offset].decode()
    if padded:
        padding = ' ' * len(lines[lineno].encode()[:col_offset].decode())
    else:
        padding = ''
    first = padding + lines[lineno].encode()[col_offset:].decode()
    last = lines[end_lineno].encode()[:end_col_offset].decode()
    lines = lines[lineno + 1:end_lineno]
    lines.insert(0, first)
    lines.append(last)
    return ''.join(lines)


def walk(node):
    """Recursively yield all descendant nodes in the tree starting at node (including node
    itself), in breadth-first order."""
    todo = [node]
    i = 0
    while i < len(todo):
        node = todo[i]
        i += 1
        todo.extend(iter_child_nodes(node))
        yield node


class NodeVisitor:
    """A node visitor base class: visit(node) calls self.visit_<ClassName>(node), or
    generic_visit(node), which visits the children."""

    def visit(self, node):
        method = 'visit_' + node.__class__.__name__
        visitor = getattr(self, method, self.generic_visit)
        return visitor(node)

    def generic_visit(self, node):
        for field, value in iter_fields(node):
            if isinstance(value, list):
                for item in value:
                    if isinstance(item, AST):
                        self.visit(item)
            elif isinstance(value, AST):
                self.visit(value)


class NodeTransformer(NodeVisitor):
    """A NodeVisitor that replaces each node with the value its visitor returns (None
    removes it)."""

    def generic_visit(self, node):
        for field, old_value in iter_fields(node):
            if isinstance(old_value, list):
                new_values = []
                for value in old_value:
                    if isinstance(value, AST):
                        value = self.visit(value)
                        if value is None:
                            continue
                        elif not isinstance(value, AST):
                            new_values.extend(value)
                            continue
                    new_values.append(value)
                old_value[:] = new_values
            elif isinstance(old_value, AST):
                new_node = self.visit(old_value)
                if new_node is None:
                    delattr(node, field)
                else:
                    setattr(node, field, new_node)
        return node


def unparse(ast_obj):
    """Source code for the tree ast_obj (CPython 3.11's ast.unparse layout)."""
    import _ast_unparse
    return _ast_unparse.unparse(ast_obj)
