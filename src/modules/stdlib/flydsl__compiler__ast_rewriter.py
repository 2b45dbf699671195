"""flydsl.compiler.ast_rewriter: FlyDSL's rewriter of kernel helpers' Python control flow into scf ops.

flyi's tracer turns `if`/`for`/`while` on device values into scf ops wherever they run while a kernel traces,
so ASTRewriter.transform returns the function as it is, and the dispatch helpers the rewritten code calls
(scf_if_dispatch, ...) are plain Python branches that the tracer merges."""
import ast
import inspect

__all__ = ["ASTRewriter", "Transformer", "RewriteBoolOps", "ReplaceIfWithDispatch", "InsertEmptyYieldForSCFFor",
           "ReplaceYieldWithSCFYield", "CanonicalizeWhile", "FallbackLocations", "SymbolScopeTracker"]


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
    pass


class ReplaceYieldWithSCFYield(Transformer):
    pass


class CanonicalizeWhile(Transformer):
    pass


class FallbackLocations(Transformer):
    pass


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
