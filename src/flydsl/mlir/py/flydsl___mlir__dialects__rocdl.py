# flydsl._mlir.dialects.rocdl: MLIR's ROCDL ops as the Python bindings spell them (op "rocdl.sched.barrier" is
# sched_barrier / SchedBarrierOp), emitted into the trace in generic form. On the emulator the scheduling hints
# and waits are no-ops, s_barrier is a workgroup barrier and readlane & co are lane operations.
from flydsl._mlir import ir as _ir
from flydsl._mlir.ir import _adopt, _generic, _result, _to_value


class _ROCDLOp(_ir.OpView):
    pass


def _attr_text(v, t):
    if isinstance(v, _ir.Attribute):
        return str(v)
    if t == "i1":
        return "true" if v else "false"
    return f"{int(v)} : {t}"


def _aux_operand(kw):
    # MLIR 22's raw buffer ops take aux (the cache policy) as a trailing i32 operand; FlyDSL's kernels pass it
    # as aux= (an IntegerAttr, an int or None for 0)
    from flydsl._mlir.dialects import arith

    a = kw.pop("aux", None)
    if isinstance(a, _ir.Value):
        return a
    if isinstance(a, _ir.Attribute):  # FlyDSL's wrappers pass an IntegerAttr
        a = a.value
    return arith.constant(_ir.IntegerType.get_signless(32), int(a) if a is not None else 0)


def _def(pyname, cname, opname, attrs=(), nres=1, aux=None, res_of=None):
    """Function and Op class for op rocdl.opname: (res, *operands, *attrs) when it has a result, else
    (*operands, *attrs); attrs are (name, type) pairs taken from the trailing arguments. aux: the number of
    operands before a trailing aux operand, which aux= (or 0) supplies when the call leaves it out. res_of: the
    result's type is operand res_of's (MLIR infers it, so the call passes no result type)."""
    full = "rocdl." + opname

    def build(*args, **kw):
        args = list(args)
        for k in ("loc", "ip"):
            kw.pop(k, None)
        res = args.pop(0) if nres and res_of is None else None
        if res_of is not None:
            res = _to_value(args[res_of]).type
        na = len(attrs)
        avals = list(args[len(args) - na:]) if na else []
        ops = args[:len(args) - na] if na else args
        for i, (an, at) in enumerate(attrs):
            if an in kw:
                if i < len(avals):
                    raise TypeError(f"{pyname}: {an} given twice")
                avals.append(kw.pop(an))
        if len(avals) != na:
            # fewer positional arguments: the last ones were operands after all
            raise TypeError(f"{pyname}() expects attributes {[a for a, _ in attrs]}")
        ad = {an: _attr_text(v, at) for (an, at), v in zip(attrs, avals)}
        if aux is not None and len(ops) == aux:
            ops = list(ops) + [_aux_operand(kw)]
        kw.pop("aux", None)
        rts = [] if res is None or str(res) == "!llvm.void" else [str(res)]
        return _generic(full, [_to_value(o) for o in ops], rts, ad, cls)

    cls = type(cname, (_ROCDLOp,), {"OPERATION_NAME": full})
    cls.__init__ = lambda self, *a, **kw: _adopt(self, build(*a, **kw))

    def fn(*a, **kw):
        return _result(build(*a, **kw))

    fn.__name__ = pyname
    globals()[pyname], globals()[cname] = fn, cls


# scheduling hints, waits and barriers (no results)
_def("sched_barrier", "SchedBarrier", "sched.barrier", [("mask", "i32")], 0)
_def("sched_group_barrier", "SchedGroupBarrier", "sched.group.barrier",
     [("mask", "i32"), ("size", "i32"), ("groupId", "i32")], 0)
_def("iglp_opt", "IglpOpt", "iglp.opt", [("variant", "i32")], 0)
_def("s_waitcnt", "SWaitcntOp", "s.waitcnt", [("bitfield", "i32")], 0)
_def("s_wait_dscnt", "SWaitDscntOp", "s.wait.dscnt", [("count", "i16")], 0)
_def("s_wait_loadcnt", "SWaitLoadcntOp", "s.wait.loadcnt", [("count", "i16")], 0)
_def("s_wait_storecnt", "SWaitStorecntOp", "s.wait.storecnt", [("count", "i16")], 0)
_def("s_wait_expcnt", "SWaitExpcntOp", "s.wait.expcnt", [("count", "i16")], 0)
_def("s_setprio", "SetPrioOp", "s.setprio", [("priority", "i16")], 0)
_def("s_sleep", "SSleepOp", "s.sleep", [("count", "i32")], 0)
_def("s_nop", "SNopOp", "s.nop", [("count", "i16")], 0)
_def("s_barrier", "SBarrierOp", "s.barrier", [], 0)
_def("barrier", "BarrierOp", "barrier", [], 0)
# lane operations
_def("readfirstlane", "ReadfirstlaneOp", "readfirstlane")
_def("readlane", "ReadlaneOp", "readlane")
_def("ds_bpermute", "DsBpermuteOp", "ds_bpermute")
_def("ds_swizzle", "DsSwizzleOp", "ds_swizzle")
_def("ballot", "BallotOp", "ballot")
_def("mbcnt_lo", "MbcntLoOp", "mbcnt.lo")
_def("mbcnt_hi", "MbcntHiOp", "mbcnt.hi")
_def("permlanex16", "PermlaneX16Op", "permlanex16", [("fi", "i1"), ("boundControl", "i1")])
# gfx950: (old, src) -> !llvm.struct<(i32, i32)>, odd rows of old traded with the even rows of src
_def("permlane16_swap", "Permlane16SwapOp", "permlane16.swap", [("fi", "i1"), ("boundControl", "i1")])
_def("permlane32_swap", "Permlane32SwapOp", "permlane32.swap", [("fi", "i1"), ("boundControl", "i1")])
# gfx950's LDS transpose reads (ptr<3>) -> vector: each 16-lane group trades the 64 bits its lanes read so that
# lane i gets column i of the group's block (ds_read_b64_tr_b16 / _b8)
_def("ds_read_tr16_b64", "DsReadTr16_B64Op", "ds.read.tr16.b64")
_def("ds_read_tr8_b64", "DsReadTr8_B64Op", "ds.read.tr8.b64")
_def("ds_read_tr4_b64", "DsReadTr4_B64Op", "ds.read.tr4.b64")
_def("ds_read_tr6_b96", "DsReadTr6_B96Op", "ds.read.tr6.b96")
# FlyDSL's kernels read .result off these calls (rocdl.ds_read_tr16_b64(t, p).result): they return the op
for _n, _c in (("ds_read_tr16_b64", DsReadTr16_B64Op), ("ds_read_tr8_b64", DsReadTr8_B64Op),  # noqa: F821
               ("ds_read_tr4_b64", DsReadTr4_B64Op), ("ds_read_tr6_b96", DsReadTr6_B96Op)):  # noqa: F821
    globals()[_n] = _c
_def("update_dpp", "DPPUpdateOp", "update.dpp",
     [("dppCtrl", "i32"), ("rowMask", "i32"), ("bankMask", "i32"), ("boundCtrl", "i1")])
# ids and sizes
for _a in "xyz":
    _def(f"workitem_id_{_a}", f"ThreadIdXOp{_a}", f"workitem.id.{_a}")
    _def(f"workgroup_id_{_a}", f"BlockIdXOp{_a}", f"workgroup.id.{_a}")
    _def(f"workgroup_dim_{_a}", f"BlockDimXOp{_a}", f"workgroup.dim.{_a}")
    _def(f"grid_dim_{_a}", f"GridDimXOp{_a}", f"grid.dim.{_a}")
_def("wavefrontsize", "WavefrontSizeOp", "wavefrontsize")
# buffer resources and raw buffer accesses
_def("make_buffer_rsrc", "MakeBufferRsrcOp", "make.buffer.rsrc")
_def("raw_ptr_buffer_load", "RawPtrBufferLoadOp", "raw.ptr.buffer.load", aux=3)
_def("raw_ptr_buffer_store", "RawPtrBufferStoreOp", "raw.ptr.buffer.store", [], 0, aux=4)
_def("raw_ptr_buffer_atomic_fadd", "RawPtrBufferAtomicFaddOp", "raw.ptr.buffer.atomic.fadd", [], 0, aux=4)
_def("raw_ptr_buffer_atomic_fmax", "RawPtrBufferAtomicFmaxOp", "raw.ptr.buffer.atomic.fmax", [], 0, aux=4)
_def("raw_ptr_buffer_atomic_smax", "RawPtrBufferAtomicSmaxOp", "raw.ptr.buffer.atomic.smax", [], 0, aux=4)
_def("raw_ptr_buffer_atomic_umin", "RawPtrBufferAtomicUminOp", "raw.ptr.buffer.atomic.umin", [], 0, aux=4)
_def("raw_ptr_buffer_atomic_cmpswap", "RawPtrBufferAtomicCmpSwap", "raw.ptr.buffer.atomic.cmpswap", aux=5,
     res_of=0)
# MLIR 22: (rsrc, lds, size, voffset, soffset, offset, aux), all operands (size and offset constants)
_def("raw_ptr_buffer_load_lds", "RawPtrBufferLoadLdsOp", "raw.ptr.buffer.load.lds", [], 0, aux=6)
# conversions and math
_CVT_ATTRS = {"cvt.f32.bf8": [("byteSel", "i32")], "cvt.f32.fp8": [("byteSel", "i32")],
              "cvt.pk.f32.fp8": [("wordSel", "i1")], "cvt.pk.f32.bf8": [("wordSel", "i1")],
              "cvt.pk.bf8.f32": [("wordSel", "i1")], "cvt.pk.fp8.f32": [("wordSel", "i1")],
              "cvt.sr.bf8.f32": [("byteSel", "i32")], "cvt.sr.fp8.f32": [("byteSel", "i32")]}
for _n in ("cvt.pkrtz", "cvt.f32.bf8", "cvt.f32.fp8", "cvt.pk.f32.fp8", "cvt.pk.f32.bf8", "cvt.pk.bf8.f32",
           "cvt.pk.fp8.f32", "cvt.sr.bf8.f32", "cvt.sr.fp8.f32", "fmed3", "tanh", "sin", "cos", "rcp", "exp",
           "exp2", "log", "sqrt"):
    _def(_n.replace(".", "_"), "".join(p.capitalize() for p in _n.split(".")) + "Op", _n, _CVT_ATTRS.get(_n, []))

# gfx950's scaled packed conversions (fp4 E2M1, OCP fp8 / bf8): the narrowing forms take the tied old value and
# the scale then a select attribute, the widening ones (src, scale) and the select
def _cvt_name(op):
    return "CvtScaleF32" + "".join(p.capitalize() for p in op.split(".")[1:]) + "Op"


_def("cvt_scalef32_pk_fp4_f32", _cvt_name("scalef32.pk.fp4.f32"), "cvt.scalef32.pk.fp4.f32", [("dstSelIndex", "i32")])
for _w in ("f16", "bf16"):
    _def(f"cvt_scalef32_pk_fp4_{_w}", _cvt_name(f"scalef32.pk.fp4.{_w}"), f"cvt.scalef32.pk.fp4.{_w}",
         [("dstSelIndex", "i32")])
for _w in ("f32", "f16", "bf16"):
    _def(f"cvt_scalef32_pk_{_w}_fp4", _cvt_name(f"scalef32.pk.{_w}.fp4"), f"cvt.scalef32.pk.{_w}.fp4",
         [("srcSelIndex", "i32")])
    for _s in ("fp8", "bf8"):
        _def(f"cvt_scalef32_pk_{_s}_{_w}", _cvt_name(f"scalef32.pk.{_s}.{_w}"), f"cvt.scalef32.pk.{_s}.{_w}",
             [("dstLoHiSel", "i1")])
        _def(f"cvt_scalef32_pk_{_w}_{_s}", _cvt_name(f"scalef32.pk.{_w}.{_s}"), f"cvt.scalef32.pk.{_w}.{_s}",
             [("srcLoHiSel", "i1")])

# MFMA: op rocdl.mfma.f32.16x16x16f16 is mfma_f32_16x16x16f16(res, args) (the operands a, b, c and the
# cbsz / abid / blgp constants, as MLIR 22 passes them)
_MFMA = ["f32.32x32x1f32", "f32.16x16x1f32", "f32.4x4x1f32", "f32.32x32x2f32", "f32.16x16x4f32", "f32.32x32x4f16",
         "f32.16x16x4f16", "f32.4x4x4f16", "f32.32x32x8f16", "f32.16x16x16f16", "i32.32x32x4i8", "i32.16x16x4i8",
         "i32.4x4x4i8", "i32.32x32x8i8", "i32.16x16x16i8", "f32.32x32x2bf16", "f32.16x16x2bf16", "f32.4x4x2bf16",
         "f32.32x32x4bf16", "f32.16x16x8bf16", "f32.32x32x4bf16.1k", "f32.16x16x4bf16.1k", "f32.4x4x4bf16.1k",
         "f32.32x32x8bf16.1k", "f32.16x16x16bf16.1k", "f64.16x16x4f64", "f64.4x4x4f64", "i32.16x16x32.i8",
         "i32.32x32x16.i8", "f32.16x16x8.xf32", "f32.32x32x4.xf32", "f32.16x16x32.bf8.bf8", "f32.16x16x32.bf8.fp8",
         "f32.16x16x32.fp8.bf8", "f32.16x16x32.fp8.fp8", "f32.32x32x16.bf8.bf8", "f32.32x32x16.bf8.fp8",
         "f32.32x32x16.fp8.bf8", "f32.32x32x16.fp8.fp8", "f32.16x16x32.bf16", "i32.16x16x64.i8", "f32.16x16x32.f16",
         "f32.32x32x16.bf16", "i32.32x32x32.i8", "f32.32x32x16.f16",
         # gfx950's scaled MFMA: a, b, c, cbsz, blgp, opsel_a, scale_a, opsel_b, scale_b
         "scale.f32.16x16x128.f8f6f4", "scale.f32.32x32x64.f8f6f4"]


def _mfma(name):
    full = "rocdl.mfma." + name

    def fn(res, args, loc=None, ip=None):
        # the cbsz / abid / blgp constants may be Python ints (FlyDSL's kernels pass [a, b, c, 0, 0, 0])
        from flydsl._mlir.dialects import arith

        ops = [arith.constant(_ir.IntegerType.get_signless(32), a) if isinstance(a, int) else a for a in args]
        return _generic(full, [_to_value(a) for a in ops], [str(res)]).results[0]

    fn.__name__ = "mfma_" + name.replace(".", "_")
    return fn


for _n in _MFMA:
    globals()["mfma_" + _n.replace(".", "_")] = _mfma(_n)
