"""flydsl.compiler.ast_rewriter: FlyDSL's rewriter of kernel helpers' Python control flow into scf ops.

flyi's tracer turns `if`/`for`/`while` on device values into scf ops wherever they run while a kernel traces,
so ASTRewriter.transform returns the function as it is, and inside a kernel the dispatch helpers the rewritten
code calls (scf_if_dispatch, ...) are plain Python branches that the tracer merges. In IR built by hand
(`with ir.Context(): ... Module.create()`), they build scf.if / scf.for / scf.while through flydsl._mlir as
FlyDSL's do, carrying containers (list, tuple, dict, SimpleNamespace, nested) as one result per leaf."""
import ast
import contextlib
import functools
import inspect
import textwrap
import types as _types

__all__ = ["ASTRewriter", "Transformer", "RewriteBoolOps", "ReplaceIfWithDispatch", "InsertEmptyYieldForSCFFor",
           "ReplaceYieldWithSCFYield", "CanonicalizeWhile", "FallbackLocations", "SymbolScopeTracker"]


def _call_base(func):
    """The name at the root of a method call's attribute chain (a.b.c() gives a); None for a plain call."""
    if not isinstance(func, ast.Attribute):
        return None
    while isinstance(func.value, ast.Attribute):
        func = func.value
    return func.value.id if isinstance(func.value, ast.Name) else None


class _RegionNames(ast.NodeVisitor):
    """The names a region writes (stores, and every name in an assignment's target or a stored subscript's
    base) and those whose methods it calls, in first-seen order."""

    def __init__(self):
        self.writes, self.calls, self.in_target = [], [], False

    def visit_Name(self, node):
        if (isinstance(node.ctx, ast.Store) or self.in_target) and node.id not in self.writes:
            self.writes.append(node.id)

    def _target(self, target, value):
        self.in_target = True
        for t in target:
            self.visit(t)
        self.in_target = False
        if value is not None:
            self.visit(value)

    def visit_Assign(self, node):
        self._target(node.targets, node.value)

    def visit_AugAssign(self, node):
        self._target([node.target], node.value)

    def visit_Subscript(self, node):
        if isinstance(node.ctx, ast.Store):
            self._target([node.value], None)
            self.visit(node.slice)
        else:
            self.generic_visit(node)

    def visit_Call(self, node):
        base = _call_base(node.func)
        if base is not None and base != "self" and base not in self.calls:
            self.calls.append(base)
        self.generic_visit(node)


def _collect_assigned_vars(body_stmts, active_symbols, orelse_stmts=None, test_expr=None):
    """The names a control-flow region carries: those its body, else branch and condition assign, then those
    whose methods they call without assigning them, each kept only if bound in one of active_symbols (a list
    of name sets, one per enclosing scope)."""
    v = _RegionNames()
    for stmts in (body_stmts, orelse_stmts or []):
        for st in stmts:
            v.visit(st)
    if test_expr is not None:
        v.visit(test_expr)
    bound = lambda n: any(n in scope for scope in active_symbols)
    return [n for n in v.writes if bound(n)] + [n for n in v.calls if n not in v.writes and bound(n)]


class ASTRewriter:
    """Registry of the transformers; transform(f) is f (flyi traces control flow without rewriting)."""

    transformers = []
    rewrite_globals = {}

    @classmethod
    def register(cls, transformer):
        cls.transformers.append(transformer)
        if hasattr(transformer, "rewrite_globals"):
            cls.rewrite_globals.update(transformer.rewrite_globals())
        return transformer

    @classmethod
    def transform(cls, f):
        """f itself; its globals get the dispatch helpers FlyDSL's rewritten code calls, as FlyDSL's do. Under
        FLYDSL_DEBUG_ENABLE_DEBUG_INFO, f wrapped so that ops built in it without loc= take FallbackLocations'
        floor (their statement's line) instead of the location in effect at the call."""
        g = getattr(f, "__globals__", None)
        if isinstance(g, dict):
            for t in cls.transformers:
                if hasattr(t, "rewrite_globals"):
                    g.update(t.rewrite_globals())
        import _flyi_mlir

        # FlyDSL rewrites f's range loops into scf.for: in IR built by hand they are device loops, unlike a plain
        # function's (FlyDSL leaves those as Python loops)
        _flyi_mlir.mark_rewritten(f)
        if FallbackLocations in cls.transformers:
            return FallbackLocations.located(f)
        return f


class SymbolScopeTracker:
    """The names bound in each enclosing scope (kept for code that subclasses FlyDSL's transformers)."""

    def __init__(self):
        self.scopes = [set()]

    def snapshot_symbol_scopes(self):
        return [set(s) for s in self.scopes]


class Transformer(ast.NodeTransformer):
    """Base of FlyDSL's AST transformers."""

    def __init__(self, context=None, first_lineno=0):
        self.context = context
        self.first_lineno = first_lineno
        self.symbol_scopes = SymbolScopeTracker()


class RewriteBoolOps(Transformer):
    pass


class InsertEmptyYieldForSCFFor(Transformer):
    """The for dispatch: scf_for_dispatch(start, stop, step, body_fn, result_names=, result_values=) calls
    body_fn(iv, names, *values) per iteration and returns the values after the loop."""

    @staticmethod
    def scf_for_dispatch(start, stop, step, body_fn, *, result_names=(), result_values=()):
        names, values = _named(result_names, result_values, "result_names", "result_values")
        if _module_mode():
            return _scf_for(start, stop, step, body_fn, names, values)
        vals = list(values)
        for iv in range(start, stop, step):
            r = body_fn(iv, names, *vals)
            if names:
                vals = _branch_values(r, names, dict(zip(names, vals)), "for-body")
        return _pack(names, vals)

    @classmethod
    def rewrite_globals(cls):
        return {"scf_for_dispatch": cls.scf_for_dispatch,
                "scf_for_collect_results": ReplaceIfWithDispatch._collect_result_dict}


class ReplaceYieldWithSCFYield(Transformer):
    pass


class CanonicalizeWhile(Transformer):
    """The while dispatch: scf_while_dispatch(before_fn, after_fn, result_names=, result_values=): before_fn
    gives the condition, after_fn the values of the next iteration."""

    @staticmethod
    def scf_while_dispatch(before_fn, after_fn, *, result_names=(), result_values=()):
        names, values = _named(result_names, result_values, "result_names", "result_values")
        if _module_mode():
            return _scf_while(before_fn, after_fn, names, values)
        vals = list(values)
        while _call_branch(before_fn, names, vals):
            r = _call_branch(after_fn, names, vals)
            if names:
                vals = _branch_values(r, names, dict(zip(names, vals)), "while-body")
        return _pack(names, vals)

    @classmethod
    def rewrite_globals(cls):
        return {"scf_while_dispatch": cls.scf_while_dispatch,
                "scf_while_collect_results": ReplaceIfWithDispatch._collect_result_dict}


class FallbackLocations(Transformer):
    """FlyDSL wraps each statement of a kernel in `with _flydsl_loc(file, line, col):` (under
    FLYDSL_DEBUG_ENABLE_DEBUG_INFO) so that ops built without loc= take their statement's line; flyi's tracer
    gives every op its DSL line itself, and _flydsl_loc is the context FlyDSL's rewritten code enters."""

    @staticmethod
    @contextlib.contextmanager
    def _flydsl_loc(filename, line, col=0):
        from flydsl._mlir import ir

        with ir.Location.file(filename, line, col):
            yield

    @classmethod
    def rewrite_globals(cls):
        return {"_flydsl_loc": cls._flydsl_loc}

    @staticmethod
    def located(f):
        """f run with its statements' floors in effect (flydsl._mlir's ops read them); f itself when debug info is
        off or f's source cannot be read."""
        from flydsl.utils import env

        if not env.debug.enable_debug_info or not isinstance(f, _types.FunctionType):
            return f
        try:
            node = ast.parse(textwrap.dedent(inspect.getsource(f))).body[0]
        except (OSError, TypeError, SyntaxError, IndexError):
            return f
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return f  # a lambda: FlyDSL's rewriter takes only def statements
        lines = {}
        _floor_lines(node.body, f.__code__.co_firstlineno - 1, lines)
        filename = f.__code__.co_filename

        def run_located(*args, **kwargs):
            from flydsl._mlir import ir

            ir.Location._floors.append((ir.Location.current, filename, lines))
            try:
                return f(*args, **kwargs)
            finally:
                ir.Location._floors.pop()

        # f's globals, as FlyDSL's rewritten function has: callers add names to them after the rewrite.
        w = _types.FunctionType(run_located.__code__, f.__globals__, f.__name__, None, run_located.__closure__)
        return functools.update_wrapper(w, f)


def _floor_lines(stmts, first, lines):
    """Map each line of stmts to the statement FallbackLocations would wrap it in: every statement, inside the
    bodies of for / with / try / nested defs and constexpr if / while too, but not inside a run-time if or while,
    whose bodies FlyDSL moves into generated dispatch functions that FallbackLocations leaves alone (their ops
    take the if's or while's line)."""
    for st in stmts:
        nested = isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
        if not nested:
            at = (first + st.lineno, st.col_offset)
            for line in range(first + st.lineno, first + (st.end_lineno or st.lineno) + 1):
                lines[line] = at
        if isinstance(st, (ast.If, ast.While)) and not _is_const_expr_call(st.test):
            continue
        for field in ("body", "orelse", "finalbody"):
            _floor_lines(getattr(st, field, None) or [], first, lines)
        for h in getattr(st, "handlers", None) or []:
            _floor_lines(h.body, first, lines)


def _is_const_expr_call(node):
    return isinstance(node, ast.Call) and (getattr(node.func, "id", None) or getattr(node.func, "attr", None)) == "const_expr"


def _named(names, values, nl, vl):
    names, values = tuple(names or ()), tuple(values or ())
    if len(names) != len(values):
        raise ValueError(f"{nl} and {vl} must have the same length, got {len(names)} and {len(values)}")
    return names, values


def _branch_values(result, names, current, label):
    if not names:
        return []
    if isinstance(result, dict):
        got = dict(result)
    elif result is None:
        got = {}
    elif len(names) == 1 and not isinstance(result, (list, tuple)):
        got = {names[0]: result}
    elif isinstance(result, (list, tuple)) and len(result) == len(names):
        got = dict(zip(names, result))
    else:
        raise TypeError(f"{label} must return dict/tuple/list for stateful dispatch; got {type(result).__name__}")
    out = []
    for n in names:
        if n in got:
            out.append(got[n])
        elif n in current:
            out.append(current[n])
        else:
            raise NameError(f"variable '{n}' is not available before if/else and is not assigned in {label}")
    return out


def _call_branch(fn, names, values):
    try:
        params = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        return fn(*values)
    pos = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    if any(p.kind == p.VAR_POSITIONAL for p in params) or len(pos) >= len(values) + 1:
        return fn(names, *values)
    return fn(*values)


def _pack(names, values):
    if not names:
        return None
    return values[0] if len(names) == 1 else tuple(values)


# ---- carried state in IR built by hand: containers as flat lists of ir.Values, rebuilt after the op


def _module_mode():
    """Whether IR is being built by hand under an ir.Context (not inside a kernel's trace)."""
    from flydsl._mlir import ir

    ctxs = [ir.Context.current] + list(ir.Context._stack)
    return any(getattr(c, "_own", False) for c in ctxs if c is not None)


def _is_dynamic(cond):
    from flydsl._mlir import ir

    if isinstance(cond, (bool, int, float)) or cond is None:
        return False
    if isinstance(cond, ir.Value):
        return True
    st = getattr(cond, "is_static", None)
    if callable(st):
        try:
            return not st()
        except Exception:
            return False
    return isinstance(getattr(cond, "value", None), ir.Value)


def _promote(v):
    """Bare Python numbers and raw ir.Values as DSL values, at any depth (containers rebuilt)."""
    from flydsl._mlir import ir
    from flydsl._mlir._dsl import as_dsl_value, as_ir_value

    if isinstance(v, (bool, int, float)):
        return as_dsl_value(as_ir_value(v))
    if isinstance(v, ir.Value):
        return as_dsl_value(v)
    if isinstance(v, dict):
        return {k: _promote(x) for k, x in v.items()}
    if isinstance(v, _types.SimpleNamespace):
        return _types.SimpleNamespace(**{k: _promote(x) for k, x in vars(v).items()})
    if isinstance(v, (list, tuple)):
        return type(v)(_promote(x) for x in v)
    return v


def _leaf_raw(v):
    from flydsl._mlir import ir

    ex = getattr(v, "__extract_to_ir_values__", None)
    if ex is not None:
        return [ir._to_value(x) for x in ex()]
    return [ir._to_value(v)]


def _flat(v):
    """The ir.Values of v's leaves, in order (dict and namespace in their key order)."""
    if isinstance(v, dict):
        return [x for k in v for x in _flat(v[k])]
    if isinstance(v, _types.SimpleNamespace):
        return [x for k in vars(v) for x in _flat(getattr(v, k))]
    if isinstance(v, (list, tuple)):
        return [x for e in v for x in _flat(e)]
    return _leaf_raw(v)


def _rebuild(ex, it):
    """ex's structure over the next values of it, each leaf as the DSL value of ex's leaf type."""
    from flydsl._mlir._dsl import as_dsl_value

    if isinstance(ex, dict):
        return {k: _rebuild(ex[k], it) for k in ex}
    if isinstance(ex, _types.SimpleNamespace):
        return _types.SimpleNamespace(**{k: _rebuild(getattr(ex, k), it) for k in vars(ex)})
    if isinstance(ex, (list, tuple)):
        return type(ex)(_rebuild(e, it) for e in ex)
    n = len(_leaf_raw(ex))
    vals = [next(it) for _ in range(n)]
    mk = getattr(type(ex), "__construct_from_ir_values__", None)
    if mk is not None and n != 1:
        return mk(ex, vals)
    try:
        return as_dsl_value(vals[0], ex)
    except Exception:
        return as_dsl_value(vals[0])


def _pack_flat(values, exemplar):
    return _rebuild(list(exemplar), iter(list(values)))


def _types_of(v):
    return [str(x.type) for x in _flat(v)]


def _flatten_like(entry, out, path, label):
    """out's ir.Values in entry's slots: dicts and namespaces by key, sequences by position; a TypeError when
    out differs from entry in shape, keys or types."""
    from flydsl._mlir._dsl import as_dsl_value, as_ir_value

    def bad(detail):
        return TypeError(f"{label}: carried variable '{path}' does not match the region entry: {detail}")

    if isinstance(entry, dict):
        if not isinstance(out, dict) or set(out) != set(entry):
            got = sorted(out) if isinstance(out, dict) else type(out).__name__
            raise bad(f"expected dict with keys {sorted(entry)}, got {got}")
        return [x for k in entry for x in _flatten_like(entry[k], out[k], f"{path}[{k!r}]", label)]
    if isinstance(entry, _types.SimpleNamespace):
        if not isinstance(out, _types.SimpleNamespace) or set(vars(out)) != set(vars(entry)):
            got = sorted(vars(out)) if isinstance(out, _types.SimpleNamespace) else type(out).__name__
            raise bad(f"expected SimpleNamespace with attrs {sorted(vars(entry))}, got {got}")
        return [x for k in vars(entry) for x in _flatten_like(getattr(entry, k), getattr(out, k), f"{path}.{k}", label)]
    if isinstance(entry, (list, tuple)):
        if not isinstance(out, (list, tuple)) or len(out) != len(entry):
            got = f"{type(out).__name__} of length {len(out)}" if isinstance(out, (list, tuple)) else type(out).__name__
            raise bad(f"expected {type(entry).__name__} of length {len(entry)}, got {got}")
        return [x for i, (e, o) in enumerate(zip(entry, out)) for x in _flatten_like(e, o, f"{path}[{i}]", label)]
    if isinstance(out, (bool, int, float)):
        out = as_dsl_value(as_ir_value(out))
    want, got = _types_of(entry), _types_of(out)
    if want != got:
        raise bad(f"expected dtype {want}, produced {got}")
    return _flat(out)


def _flatten_outputs(names, values, exemplar, label):
    out = []
    for n, e, v in zip(names, exemplar, values):
        out.extend(_flatten_like(e, v, n, label))
    return out


def _none_check(names, values, region, op):
    bad = [n for n, v in zip(names, values) if v is None]
    if bad:
        raise TypeError(
            f"Variable(s) {bad} initialized as None before a dynamic {region} ({op}). The {region} assigns to "
            f"these variables, but None cannot be yielded as an {op} result. Initialize them with a value whose "
            f"type matches the assignment (e.g. fx.Int32(0), fx.Float32(0.0)), or wrap the condition with "
            f"const_expr() if it is a compile-time constant.")


def _i1(cond):
    from flydsl._mlir import ir
    from flydsl._mlir._dsl import as_ir_value

    v = as_ir_value(cond)
    if not isinstance(v, ir.Value):
        raise TypeError(f"dynamic if condition must lower to ir.Value, got {type(v).__name__}")
    return v


def _scf_if(cond, then_fn, else_fn, names, values):
    from flydsl._mlir import ir
    from flydsl._mlir.dialects import scf

    c = _i1(cond)
    if not names:
        op = scf.IfOp(c, [], hasElse=else_fn is not None)
        with ir.InsertionPoint(op.then_block):
            _call_branch(then_fn, names, values)
            scf.YieldOp([])
        if else_fn is not None:
            with ir.InsertionPoint(op.else_block):
                _call_branch(else_fn, names, values)
                scf.YieldOp([])
        return None
    _none_check(names, values, "if/else", "scf.if")
    if else_fn is None:
        else_fn = lambda *a: {}
    exemplar = [_promote(v) for v in values]
    raw = _flat(exemplar)
    op = scf.IfOp(c, [x.type for x in raw], hasElse=True)
    for fn, block, label in ((then_fn, op.then_block, "then-branch"), (else_fn, op.else_block, "else-branch")):
        with ir.InsertionPoint(block):
            inputs = _pack_flat(raw, exemplar)
            r = _call_branch(fn, names, inputs)
            vals = _branch_values(r, names, dict(zip(names, inputs)), label)
            scf.YieldOp(_flatten_outputs(names, vals, exemplar, label))
    return _pack(names, _pack_flat(list(op.results), exemplar))


def _scf_ifexp(cond, then_fn, else_fn):
    from flydsl._mlir import ir
    from flydsl._mlir.dialects import scf
    import _flyi_mlir as _c

    c = _i1(cond)
    name = ("ternary result",)
    mark = _c.mark()  # both branches once, to learn the result's structure and types; the text is dropped
    try:
        exemplar = [_promote(then_fn())]
        _flatten_outputs(name, (else_fn(),), exemplar, "dynamic ifexp else-branch")
    finally:
        _c.cut(mark)
    op = scf.IfOp(c, [x.type for x in _flat(exemplar)], hasElse=True)
    for fn, block, label in ((then_fn, op.then_block, "dynamic ifexp then-branch"),
                             (else_fn, op.else_block, "dynamic ifexp else-branch")):
        with ir.InsertionPoint(block):
            scf.YieldOp(_flatten_outputs(name, (fn(),), exemplar, label))
    return _pack_flat(list(op.results), exemplar)[0]


def _bound(v, what):
    from flydsl._mlir import ir
    from flydsl._mlir._dsl import as_ir_value
    from flydsl._mlir.dialects import arith

    r = as_ir_value(v)
    if not isinstance(r, ir.Value):
        raise TypeError(f"for-loop {what} must be i32, got {type(r).__name__}")
    if str(r.type) == "index":
        return arith.IndexCastOp(ir.IntegerType.get_signless(32), r).result
    if str(r.type) != "i32":
        raise TypeError(f"for-loop {what} must be i32, got {r.type}")
    return r


def _scf_for(start, stop, step, body_fn, names, values):
    from flydsl._mlir import ir
    from flydsl._mlir.dialects import scf

    lo, hi, st = _bound(start, "start"), _bound(stop, "stop"), _bound(step, "step")
    if not names:
        op = scf.ForOp(lo, hi, st)
        with ir.InsertionPoint(op.body):
            body_fn(op.induction_variable, names)
            scf.YieldOp([])
        return None
    _none_check(names, values, "for loop", "scf.for")
    exemplar = [_promote(v) for v in values]
    op = scf.ForOp(lo, hi, st, _flat(exemplar))
    with ir.InsertionPoint(op.body):
        inner = _pack_flat(list(op.inner_iter_args), exemplar)
        r = body_fn(op.induction_variable, names, *inner)
        vals = _branch_values(r, names, dict(zip(names, values)), "for-body")
        scf.YieldOp(_flatten_outputs(names, vals, exemplar, "for-body"))
    return _pack(names, _pack_flat(list(op.results), exemplar))


def _scf_while(before_fn, after_fn, names, values):
    from flydsl._mlir import ir
    from flydsl._mlir.dialects import scf

    _none_check(names, values, "while loop", "scf.while")
    exemplar = [_promote(v) for v in values]
    raw = _flat(exemplar)
    tys = [x.type for x in raw]
    op = scf.WhileOp(tys, raw)
    before = op.regions[0].blocks.append(*tys)
    after = op.regions[1].blocks.append(*tys)
    with ir.InsertionPoint(before):
        args = list(before.arguments)
        c = _call_branch(before_fn, names, _pack_flat(args, exemplar) if names else [])
        cv = _i1(c)
        scf.ConditionOp(cv, args)
    with ir.InsertionPoint(after):
        inputs = _pack_flat(list(after.arguments), exemplar) if names else []
        r = _call_branch(after_fn, names, inputs)
        if names:
            vals = _branch_values(r, names, dict(zip(names, values)), "while-body")
            scf.YieldOp(_flatten_outputs(names, vals, exemplar, "while-body"))
        else:
            scf.YieldOp([])
    if not names:
        return None
    return _pack(names, _pack_flat(list(op.results), exemplar))


class ReplaceIfWithDispatch(Transformer):
    """The if/else dispatch: scf_if_dispatch(cond, then_fn, else_fn, state_names=..., state_values=...) runs
    the branch functions on the carried values and returns the values after the if (one value, or a tuple)."""

    _counter = 0

    @staticmethod
    def scf_if_dispatch(cond, then_fn, else_fn=None, *, result_names=(), result_values=(), state_names=(),
                        state_values=(), auto_else=False):
        if not result_names and state_names:
            result_names = state_names
        if not result_values and state_values:
            result_values = state_values
        names, values = _named(result_names, result_values, "result_names", "result_values")
        if _is_dynamic(cond) and _module_mode():
            return _scf_if(cond, then_fn, else_fn, names, values)
        vals = list(values)
        # a Python `if` here: on a device value the tracer makes it an scf.if and merges vals
        if cond:
            r = _call_branch(then_fn, names, vals)
            vals = _branch_values(r, names, dict(zip(names, vals)), "then-branch")
        elif else_fn is not None:
            r = _call_branch(else_fn, names, vals)
            vals = _branch_values(r, names, dict(zip(names, vals)), "else-branch")
        return _pack(names, vals)

    @staticmethod
    def scf_ifexp_dispatch(cond, then_fn, else_fn):
        if _is_dynamic(cond) and _module_mode():
            return _scf_ifexp(cond, then_fn, else_fn)
        if cond:
            r = then_fn()
        else:
            r = else_fn()
        return r

    @staticmethod
    def _collect_result_dict(result_names, local_vars):
        return {n: local_vars[n] for n in result_names}

    @classmethod
    def rewrite_globals(cls):
        import flydsl.expr as fx

        return {"const_expr": fx.const_expr, "scf_if_dispatch": cls.scf_if_dispatch,
                "scf_ifexp_dispatch": cls.scf_ifexp_dispatch, "scf_if_collect_results": cls._collect_result_dict}


for _t in (ReplaceIfWithDispatch, InsertEmptyYieldForSCFFor, CanonicalizeWhile, FallbackLocations):
    ASTRewriter.register(_t)
