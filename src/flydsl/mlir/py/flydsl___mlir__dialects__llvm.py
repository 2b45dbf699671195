# flydsl._mlir.dialects.llvm: the LLVM dialect ops and types FlyDSL's kernels use, as the Python bindings
# spell them, emitted into the trace.
from flydsl._mlir import ir as _ir
from flydsl._mlir.dialects.arith import _enum, _fm_attr
from flydsl._mlir.ir import _adopt, _emit_op, _generic, _result, _to_value, _type

AtomicOrdering = _enum("AtomicOrdering", [("not_atomic", 0), ("unordered", 1), ("monotonic", 2), ("acquire", 4),
                                           ("release", 5), ("acq_rel", 6), ("seq_cst", 7)])
AtomicBinOp = _enum("AtomicBinOp", [("xchg", 0), ("add", 1), ("sub", 2), ("_and", 3), ("nand", 4), ("_or", 5),
                                     ("_xor", 6), ("max", 7), ("min", 8), ("umax", 9), ("umin", 10), ("fadd", 11),
                                     ("fsub", 12), ("fmax", 13), ("fmin", 14), ("uinc_wrap", 15),
                                     ("udec_wrap", 16), ("fmaximum", 19), ("fminimum", 20)])
IntegerOverflowFlags = _enum("IntegerOverflowFlags", [("none", 0), ("nsw", 1), ("nuw", 2)])
FastmathFlags = _enum("FastmathFlags", [("none", 0), ("nnan", 1), ("ninf", 2), ("nsz", 4), ("arcp", 8),
                                         ("contract", 16), ("afn", 32), ("reassoc", 64), ("fast", 127)])
AsmDialect = _enum("AsmDialect", [("AD_ATT", 0), ("AD_Intel", 1)])
_ORD_TEXT = {0: "not_atomic", 1: "unordered", 2: "monotonic", 4: "acquire", 5: "release", 6: "acq_rel", 7: "seq_cst"}
_BIN_TEXT = {0: "xchg", 1: "add", 2: "sub", 3: "and", 4: "nand", 5: "or", 6: "xor", 7: "max", 8: "min", 9: "umax",
             10: "umin", 11: "fadd", 12: "fsub", 13: "fmax", 14: "fmin", 15: "uinc_wrap", 16: "udec_wrap",
             19: "fmaximum", 20: "fminimum"}


class PointerType(_ir.Type):
    @classmethod
    def _match(cls, s):
        return s.startswith("!llvm.ptr")

    @staticmethod
    def get(address_space=None, context=None):
        return _ir.Type._new(PointerType, "!llvm.ptr" if not address_space else f"!llvm.ptr<{int(address_space)}>")

    @property
    def address_space(self):
        return int(self._s[len("!llvm.ptr<"):-1]) if "<" in self._s else 0


class StructType(_ir.Type):
    @classmethod
    def _match(cls, s):
        return s.startswith("!llvm.struct")

    @staticmethod
    def get_literal(elements, packed=False, context=None):
        inner = ", ".join(str(t) for t in elements)
        return _ir.Type._new(StructType, f"!llvm.struct<packed ({inner})>" if packed else f"!llvm.struct<({inner})>")

    @property
    def body(self):
        s = self._s
        return [_type(t) for t in _ir._split_top(s[s.index("(") + 1:s.rindex(")")])]


class ArrayType(_ir.Type):
    @classmethod
    def _match(cls, s):
        return s.startswith("!llvm.array")

    @staticmethod
    def get(element_type, num_elements):
        return _ir.Type._new(ArrayType, f"!llvm.array<{int(num_elements)} x {element_type}>")


_ir._type_hooks += [("!llvm.ptr", PointerType), ("!llvm.struct", StructType), ("!llvm.array", ArrayType)]


def _r(v):
    return "%" + str(v._fyh)


class _LLVMOp(_ir.OpView):
    @property
    def res(self):
        """The op's one result, by the name LLVM's ODS gives it (res: casts, atomicrmw, loads, ...)."""
        return self.result


def _cast(opname, cname):
    def build(res, arg):
        v = _to_value(arg)
        rt = str(res)
        return _emit_op(_LLVMOp, "llvm." + opname, lambda: f"llvm.{opname} {_r(v)} : {v._fyt} to {rt}", [v], [rt])

    cls = type(cname, (_LLVMOp,), {"OPERATION_NAME": "llvm." + opname})
    cls.__init__ = lambda self, res, arg, loc=None, ip=None, **kw: _adopt(self, build(res, arg))
    return cls, (lambda res, arg, loc=None, ip=None, **kw: build(res, arg).results[0])


IntToPtrOp, inttoptr = _cast("inttoptr", "IntToPtrOp")
PtrToIntOp, ptrtoint = _cast("ptrtoint", "PtrToIntOp")
BitcastOp, bitcast = _cast("bitcast", "BitcastOp")
AddrSpaceCastOp, addrspacecast = _cast("addrspacecast", "AddrSpaceCastOp")
FPExtOp, fpext = _cast("fpext", "FPExtOp")
FPTruncOp, fptrunc = _cast("fptrunc", "FPTruncOp")
ZExtOp, zext = _cast("zext", "ZExtOp")
SExtOp, sext = _cast("sext", "SExtOp")
TruncOp, trunc = _cast("trunc", "TruncOp")
SIToFPOp, sitofp = _cast("sitofp", "SIToFPOp")
UIToFPOp, uitofp = _cast("uitofp", "UIToFPOp")
FPToSIOp, fptosi = _cast("fptosi", "FPToSIOp")
FPToUIOp, fptoui = _cast("fptoui", "FPToUIOp")


def _binop(opname, cname):
    def build(lhs, rhs):
        a, b = _to_value(lhs), _to_value(rhs)
        return _emit_op(_LLVMOp, "llvm." + opname, lambda: f"llvm.{opname} {_r(a)}, {_r(b)} : {a._fyt}", [a, b],
                        [a._fyt])

    cls = type(cname, (_LLVMOp,), {"OPERATION_NAME": "llvm." + opname})
    cls.__init__ = lambda self, lhs, rhs, loc=None, ip=None, **kw: _adopt(self, build(lhs, rhs))
    return cls, (lambda lhs, rhs, loc=None, ip=None, **kw: build(lhs, rhs).results[0])


for _n, _cn in [("add", "AddOp"), ("sub", "SubOp"), ("mul", "MulOp"), ("and", "AndOp"), ("or", "OrOp"),
                ("xor", "XOrOp"), ("shl", "ShlOp"), ("lshr", "LShrOp"), ("ashr", "AShrOp"), ("udiv", "UDivOp"),
                ("sdiv", "SDivOp"), ("urem", "URemOp"), ("srem", "SRemOp"), ("fadd", "FAddOp"),
                ("fsub", "FSubOp"), ("fmul", "FMulOp"), ("fdiv", "FDivOp")]:
    globals()[_cn], _f = _binop(_n, _cn)
    globals()[_n + "_" if _n in ("and", "or") else _n] = _f


class LoadOp(_LLVMOp):
    OPERATION_NAME = "llvm.load"

    def __init__(self, res, addr, alignment=None, volatile_=None, nontemporal=None, invariant=None,
                 invariant_group=None, ordering=None, syncscope=None, access_groups=None, alias_scopes=None,
                 noalias_scopes=None, tbaa=None, loc=None, ip=None):
        p = _to_value(addr)
        rt = str(res)
        attrs = []
        if alignment:
            attrs.append(f"alignment = {int(alignment)} : i64")
        if nontemporal:
            attrs.append("nontemporal")
        at = " {" + ", ".join(attrs) + "}" if attrs else ""
        vol = "volatile " if volatile_ else ""
        _adopt(self, _emit_op(_LLVMOp, self.OPERATION_NAME,
                              lambda: f"llvm.load {vol}{_r(p)}{at} : {p._fyt} -> {rt}", [p], [rt]))


def load(res, addr, **kw):
    return LoadOp(res, addr, **kw).result


class StoreOp(_LLVMOp):
    OPERATION_NAME = "llvm.store"

    def __init__(self, value, addr, alignment=None, volatile_=None, nontemporal=None, invariant_group=None,
                 ordering=None, syncscope=None, access_groups=None, alias_scopes=None, noalias_scopes=None,
                 tbaa=None, loc=None, ip=None):
        v, p = _to_value(value), _to_value(addr)
        attrs = []
        if alignment:
            attrs.append(f"alignment = {int(alignment)} : i64")
        if nontemporal:
            attrs.append("nontemporal")
        at = " {" + ", ".join(attrs) + "}" if attrs else ""
        vol = "volatile " if volatile_ else ""
        _adopt(self, _emit_op(_LLVMOp, self.OPERATION_NAME,
                              lambda: f"llvm.store {vol}{_r(v)}, {_r(p)}{at} : {v._fyt}, {p._fyt}", [v, p], []))


def store(value, addr, **kw):
    return StoreOp(value, addr, **kw)


_DYN = -2147483648


class GEPOp(_LLVMOp):
    OPERATION_NAME = "llvm.getelementptr"

    def __init__(self, res, base, dynamicIndices, rawConstantIndices, elem_type, inbounds=None, noWrapFlags=None,
                 loc=None, ip=None):
        b = _to_value(base)
        dyn = [_to_value(d) for d in dynamicIndices]
        idx, k = [], 0
        for c in rawConstantIndices:
            if int(c) == _DYN:
                idx.append(dyn[k])
                k += 1
            else:
                idx.append(int(c))
        rt = str(res)
        # a DSL numeric type (fx.Float16, what T.f16() gives back) stands for its MLIR type
        if not isinstance(elem_type, (str, _ir.Type)) and hasattr(elem_type, "ir_type"):
            elem_type = elem_type.ir_type
        flag = "inbounds " if inbounds else ""
        _adopt(self, _emit_op(_LLVMOp, self.OPERATION_NAME, lambda: (
            f"llvm.getelementptr {flag}{_r(b)}[" + ", ".join(_r(i) if isinstance(i, _ir.Value) else str(i)
                                                            for i in idx) +
            f"] : (" + ", ".join([b._fyt] + [d._fyt for d in dyn]) + f") -> {rt}, {elem_type}"), [b] + dyn, [rt]))


def getelementptr(res, base, dynamic_indices, raw_constant_indices, elem_type, **kw):
    return GEPOp(res, base, dynamic_indices, raw_constant_indices, elem_type, **kw).result


class AtomicRMWOp(_LLVMOp):
    OPERATION_NAME = "llvm.atomicrmw"

    def __init__(self, bin_op, ptr, val, ordering, syncscope=None, alignment=None, volatile_=None,
                 access_groups=None, alias_scopes=None, noalias_scopes=None, tbaa=None, loc=None, ip=None):
        p, v = _to_value(ptr), _to_value(val)
        bt = _BIN_TEXT[int(bin_op)] if not isinstance(bin_op, str) else bin_op
        ot = _ORD_TEXT[int(ordering)] if not isinstance(ordering, str) else ordering
        ss = f' syncscope("{syncscope}")' if syncscope else ""
        al = f" {{alignment = {int(alignment)} : i64}}" if alignment else ""
        _adopt(self, _emit_op(_LLVMOp, self.OPERATION_NAME, lambda: (
            f"llvm.atomicrmw {bt} {_r(p)}, {_r(v)}{ss} {ot}{al} : {p._fyt}, {v._fyt}"), [p, v], [v._fyt]))


def atomicrmw(bin_op, ptr, val, ordering, **kw):
    return AtomicRMWOp(bin_op, ptr, val, ordering, **kw).result


class FenceOp(_LLVMOp):
    OPERATION_NAME = "llvm.fence"

    def __init__(self, ordering, syncscope=None, loc=None, ip=None):
        ot = _ORD_TEXT[int(ordering)] if not isinstance(ordering, str) else ordering
        ss = f'syncscope("{syncscope}") ' if syncscope else ""
        _adopt(self, _emit_op(_LLVMOp, self.OPERATION_NAME, lambda: f"llvm.fence {ss}{ot}", [], []))


def fence(ordering, syncscope=None, **kw):
    return FenceOp(ordering, syncscope)


class ExtractValueOp(_LLVMOp):
    OPERATION_NAME = "llvm.extractvalue"

    def __init__(self, res, container, position, loc=None, ip=None):
        c = _to_value(container)
        pos = ", ".join(str(int(p)) for p in position)
        _adopt(self, _emit_op(_LLVMOp, self.OPERATION_NAME, lambda: f"llvm.extractvalue {_r(c)}[{pos}] : {c._fyt}",
                              [c], [str(res)]))


def extractvalue(res, container, position, loc=None, ip=None):
    return ExtractValueOp(res, container, position).result


class InsertValueOp(_LLVMOp):
    OPERATION_NAME = "llvm.insertvalue"

    def __init__(self, container, value, position, loc=None, ip=None):
        c, v = _to_value(container), _to_value(value)
        pos = ", ".join(str(int(p)) for p in position)
        _adopt(self, _emit_op(_LLVMOp, self.OPERATION_NAME, lambda: (
            f"llvm.insertvalue {_r(v)}, {_r(c)}[{pos}] : {c._fyt}"), [c, v], [c._fyt]))


def insertvalue(container, value, position, loc=None, ip=None):
    return InsertValueOp(container, value, position).result


class ExtractElementOp(_LLVMOp):
    OPERATION_NAME = "llvm.extractelement"

    def __init__(self, vector, position, loc=None, ip=None):
        v, p = _to_value(vector), _to_value(position)
        et = str(_type(v._fyt).element_type)
        _adopt(self, _emit_op(_LLVMOp, self.OPERATION_NAME, lambda: (
            f"llvm.extractelement {_r(v)}[{_r(p)} : {p._fyt}] : {v._fyt}"), [v, p], [et]))


def extractelement(vector, position, loc=None, ip=None):
    return ExtractElementOp(vector, position).result


class ConstantOp(_LLVMOp):
    OPERATION_NAME = "llvm.mlir.constant"

    def __init__(self, res, value, loc=None, ip=None):
        from flydsl._mlir.dialects.arith import _const_attr
        a = _const_attr(res, value)
        _adopt(self, _emit_op(_LLVMOp, self.OPERATION_NAME, lambda: f"llvm.mlir.constant({a}) : {res}", [],
                              [str(res)]))


def mlir_constant(res, value, loc=None, ip=None):
    return ConstantOp(res, value).result


class PoisonOp(_LLVMOp):
    OPERATION_NAME = "llvm.mlir.poison"

    def __init__(self, res, loc=None, ip=None):
        _adopt(self, _emit_op(_LLVMOp, self.OPERATION_NAME, lambda: f"llvm.mlir.poison : {res}", [], [str(res)]))


def mlir_poison(res, loc=None, ip=None):
    return PoisonOp(res).result


class UndefOp(_LLVMOp):
    OPERATION_NAME = "llvm.mlir.undef"

    def __init__(self, res, loc=None, ip=None):
        _adopt(self, _emit_op(_LLVMOp, self.OPERATION_NAME, lambda: f"llvm.mlir.undef : {res}", [], [str(res)]))


def mlir_undef(res, loc=None, ip=None):
    return UndefOp(res).result


class ZeroOp(_LLVMOp):
    OPERATION_NAME = "llvm.mlir.zero"

    def __init__(self, res, loc=None, ip=None):
        _adopt(self, _emit_op(_LLVMOp, self.OPERATION_NAME, lambda: f"llvm.mlir.zero : {res}", [], [str(res)]))


def mlir_zero(res, loc=None, ip=None):
    return ZeroOp(res).result


class CallIntrinsicOp(_LLVMOp):
    OPERATION_NAME = "llvm.call_intrinsic"

    def __init__(self, results, intrin, args, op_bundle_operands=None, op_bundle_sizes=None, fastmathFlags=None,
                 loc=None, ip=None, **kw):
        a = [_to_value(x) for x in args]
        rts = [] if results is None or str(results) == "!llvm.void" else [str(results)]
        name = intrin.value if isinstance(intrin, _ir.StringAttr) else str(intrin)
        _adopt(self, _emit_op(_LLVMOp, self.OPERATION_NAME, lambda: (
            f'llvm.call_intrinsic "{name}"(' + ", ".join(_r(x) for x in a) + ") : (" +
            ", ".join(x._fyt for x in a) + ") -> " + (rts[0] if rts else "()")), a, rts))


def call_intrinsic(res, intrin, args, op_bundle_operands=None, op_bundle_sizes=None, **kw):
    return _result(CallIntrinsicOp(res, intrin, args, op_bundle_operands, op_bundle_sizes, **kw))


class InlineAsmOp(_LLVMOp):
    OPERATION_NAME = "llvm.inline_asm"

    def __init__(self, res, operands_, asm_string, constraints, has_side_effects=None, is_align_stack=None,
                 tail_call_kind=None, asm_dialect=None, operand_attrs=None, loc=None, ip=None):
        a = [_to_value(x) for x in operands_]
        rts = [] if res is None or str(res) == "!llvm.void" else [str(res)]
        esc = str(asm_string).replace("\\", "\\\\").replace("\n", "\\0A").replace('"', '\\"')
        se = "has_side_effects " if has_side_effects else ""
        _adopt(self, _emit_op(_LLVMOp, self.OPERATION_NAME, lambda: (
            f'llvm.inline_asm {se}"{esc}", "{constraints}" ' + ", ".join(_r(x) for x in a) + " : (" +
            ", ".join(x._fyt for x in a) + ") -> " + (rts[0] if rts else "()")), a, rts))


def inline_asm(res, operands_, asm_string, constraints, **kw):
    return _result(InlineAsmOp(res, operands_, asm_string, constraints, **kw))


def intr_expect(val, expected, loc=None, ip=None):
    v, e = _to_value(val), _to_value(expected)
    return _emit_op(_LLVMOp, "llvm.intr.expect", lambda: f"llvm.intr.expect {_r(v)}, {_r(e)} : {v._fyt}", [v, e],
                    [v._fyt]).results[0]


def ReturnOp(arg=None, loc=None, ip=None):
    return _generic("llvm.return", [] if arg is None else [arg], [])
