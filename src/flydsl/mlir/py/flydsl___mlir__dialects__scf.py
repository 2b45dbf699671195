# flydsl._mlir.dialects.scf: scf.if / scf.for / scf.yield with blocks filled under InsertionPoint, as the
# Python bindings build them; each op is emitted where it was made and holds the text of its blocks.
from flydsl._mlir import ir as _ir
from flydsl._mlir.ir import _generic, _to_value


def _r(v):
    return "%" + str(v._fyh)


def _lhs(op):
    return ", ".join(_r(r) for r in op._results) + " = " if op._results else ""


class IfOp(_ir._RegionOp):
    OPERATION_NAME = "scf.if"

    def __init__(self, cond, results_=None, *, hasElse=False, loc=None, ip=None):
        self._then = _ir.Block(self)
        self._else = _ir.Block(self) if hasElse else None
        self._place("scf.if", [cond], [str(t) for t in (results_ or [])])

    @property
    def then_block(self):
        return self._then

    @property
    def else_block(self):
        return self._else

    @property
    def thenRegion(self):
        r = _ir.Region(self)
        r.blocks = [self._then]
        return r

    @property
    def elseRegion(self):
        r = _ir.Region(self)
        r.blocks = [self._else] if self._else else []
        return r

    def _render(self):
        c = self._operands[0]
        tys = ", ".join(r._fyt for r in self._results)
        head = f"      {_lhs(self)}scf.if {_r(c)}" + (f" -> ({tys})" if tys else "") + " {\n"
        text = head + self._then._text + "      }"
        if self._else is not None:
            text += " else {\n" + self._else._text + "      }"
        return text + self._loc + "\n"


class ForOp(_ir._RegionOp):
    OPERATION_NAME = "scf.for"

    def __init__(self, lower_bound, upper_bound, step, iter_args=None, *, loc=None, ip=None):
        lb, ub, st = _to_value(lower_bound), _to_value(upper_bound), _to_value(step)
        inits = [_to_value(a) for a in (iter_args or [])]
        self._body = _ir.Block(self, [lb._fyt] + [a._fyt for a in inits])
        self._place("scf.for", [lb, ub, st] + inits, [a._fyt for a in inits])

    @property
    def body(self):
        return self._body

    @property
    def induction_variable(self):
        return self._body._args[0]

    @property
    def inner_iter_args(self):
        return self._body._args[1:]

    @property
    def initArgs(self):
        return self._operands[3:]

    def _render(self):
        lb, ub, st = self._operands[:3]
        inits = self._operands[3:]
        iv = self._body._args[0]
        text = f"      {_lhs(self)}scf.for {_r(iv)} = {_r(lb)} to {_r(ub)} step {_r(st)}"
        if inits:
            text += " iter_args(" + ", ".join(f"{_r(a)} = {_r(i)}" for a, i in zip(self._body._args[1:], inits))
            text += ") -> (" + ", ".join(i._fyt for i in inits) + ")"
        if lb._fyt != "index":
            text += f" : {lb._fyt}"
        return text + " {\n" + self._body._text + "      }" + self._loc + "\n"


class _Blocks(list):
    """A region's blocks; append(*types) adds one with arguments of those types."""

    def __init__(self, op):
        super().__init__()
        self._op = op

    def append(self, *types, arg_locs=None):
        b = _ir.Block(self._op, [str(t) for t in types])
        list.append(self, b)
        return b


class WhileOp(_ir._RegionOp):
    """scf.while: regions[0] (before, ends in scf.condition) and regions[1] (after, ends in scf.yield);
    each gets its block through regions[i].blocks.append(*types)."""

    OPERATION_NAME = "scf.while"

    def __init__(self, results_, inits, *, loc=None, ip=None):
        self._types = [str(t) for t in (results_ or [])]
        before, after = _ir.Region(self), _ir.Region(self)
        before.blocks, after.blocks = _Blocks(self), _Blocks(self)
        self._regions = [before, after]
        self._place("scf.while", [_to_value(a) for a in (inits or [])], self._types)

    @property
    def regions(self):
        return list(self._regions)

    @property
    def before(self):
        return self._regions[0]

    @property
    def after(self):
        return self._regions[1]

    def _render(self):
        inits = self._operands
        bb = self._regions[0].blocks[0] if self._regions[0].blocks else None
        ab = self._regions[1].blocks[0] if self._regions[1].blocks else None
        head = f"      {_lhs(self)}scf.while "
        if inits and bb is not None:
            head += "(" + ", ".join(f"{_r(a)} = {_r(i)}" for a, i in zip(bb._args, inits)) + ") "
        head += ": (" + ", ".join(i._fyt for i in inits) + ") -> (" + ", ".join(self._types) + ") {\n"
        text = head + (bb._text if bb is not None else "") + "      } do {\n"
        if ab is not None:
            if ab._args:
                text += "      ^bb0(" + ", ".join(f"{_r(a)}: {a._fyt}" for a in ab._args) + "):\n"
            text += ab._text
        return text + "      }" + self._loc + "\n"


class ConditionOp(_ir.OpView):
    OPERATION_NAME = "scf.condition"

    def __init__(self, condition, args=None, loc=None, ip=None):
        ops = [_to_value(condition)] + [_to_value(v) for v in (args or [])]
        _ir._adopt(self, _generic("scf.condition", ops, []))


def condition(condition, args=None, loc=None, ip=None):
    return ConditionOp(condition, args)


class YieldOp(_ir.OpView):
    OPERATION_NAME = "scf.yield"

    def __init__(self, results_=None, loc=None, ip=None):
        _ir._adopt(self, _generic("scf.yield", [_to_value(v) for v in (results_ or [])], []))


def yield_(results_=None, loc=None, ip=None):
    return YieldOp(results_)


def if_(cond, results_=None, hasElse=False, loc=None, ip=None):
    return IfOp(cond, results_, hasElse=hasElse)


def for_(lower_bound, upper_bound, step, iter_args=None, loc=None, ip=None):
    return ForOp(lower_bound, upper_bound, step, iter_args)
