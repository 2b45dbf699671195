# flydsl._mlir.dialects.fly_rocdl: FlyDSL's ROCDL extension dialect (address spaces, lane ops with the
# bindings' names).
from flydsl._mlir import ir as _ir
from flydsl._mlir.dialects import rocdl as _rocdl
from flydsl._mlir.dialects.arith import _enum

TargetAddressSpace = _enum("TargetAddressSpace", [("Generic", 0), ("Global", 1), ("Region", 2), ("Shared", 3),
                                                   ("Constant", 4), ("Private", 5), ("BufferFatPtr", 7),
                                                   ("BufferResource", 8)])
# FlyDSL's one target address space: buffer-descriptor pointers (fx.PointerType.get(T, address_space=BufferDesc))
TargetAddressSpace.BufferDesc = _ir.Attribute.parse("#fly_rocdl.buffer_desc")


def ds_bpermute(res, index, src, loc=None, ip=None):
    return _rocdl.ds_bpermute(res, index, src)


def update_dpp(res, old, src, dpp_ctrl, row_mask, bank_mask, bound_ctrl, loc=None, ip=None):
    return _rocdl.update_dpp(res, old, src, dpp_ctrl, row_mask, bank_mask, bound_ctrl)


class _LdsReadTransMeta(type):
    # flyi's copy ops are one C type; an LDS transpose read is the one that prints !fly_rocdl.cdna4.lds_read_trans<..>
    def __instancecheck__(cls, x):
        return type(x).__name__ == "UniversalCopy" and str(x).startswith("!fly_rocdl.cdna4.lds_read_trans<")


class CopyOpCDNA4LdsReadTransposeType(metaclass=_LdsReadTransMeta):
    """gfx950's transposing LDS read copy op type (fx.rocdl.cdna4.LDSReadTrans(...) values are its instances);
    get(trans_granularity, bit_size) is LDSReadTrans(trans_granularity, bit_size)."""

    @staticmethod
    def get(trans_granularity, bit_size):
        import flydsl.expr as fx

        return fx.rocdl.LDSReadTrans(trans_granularity, bit_size)


# gfx1250's atom types. flyi compiles for gfx942 / gfx950 only: these exist as types (built, printed in FlyDSL's
# form, parsed back by ir.Type.parse, compared by their text), nothing lowers them.
def _type_text(t):
    t = t.ir_type if hasattr(t, "ir_type") else t
    return str(t)


def _flag(b):
    return "true" if b else "false"


class _Gfx1250Type(_ir.Type):
    _prefix = ""

    @classmethod
    def _match(cls, s):
        return s.startswith(cls._prefix)


class MmaOpGFX1250_WMMAScaleType(_Gfx1250Type):
    """gfx1250's MX-scaled WMMA atom: !fly_rocdl.gfx1250.wmma_scale<MxNxK, (A, B) -> Acc, opselA = .., opselB = ..,
    modC = .., reuseA = .., reuseB = .., blockSize = ..>."""

    _prefix = "!fly_rocdl.gfx1250.wmma_scale<"

    @staticmethod
    def get(m, n, k, elem_ty_a, elem_ty_b, elem_ty_acc, *, opsel_a=0, opsel_b=0, mod_c=0, reuse_a=False,
            reuse_b=False, block_size=32, context=None):
        s = (f"{MmaOpGFX1250_WMMAScaleType._prefix}{int(m)}x{int(n)}x{int(k)}, ({_type_text(elem_ty_a)}, "
             f"{_type_text(elem_ty_b)}) -> {_type_text(elem_ty_acc)}, opselA = {int(opsel_a)}, opselB = "
             f"{int(opsel_b)}, modC = {int(mod_c)}, reuseA = {_flag(reuse_a)}, reuseB = {_flag(reuse_b)}, "
             f"blockSize = {int(block_size)}>")
        return _ir.Type._new(MmaOpGFX1250_WMMAScaleType, s)


class CopyOpGFX1250TDMType(_Gfx1250Type):
    """gfx1250's N-D TDM copy atom: !fly_rocdl.gfx1250.tdm<rank = .., warps = .., pad = I, A, cache = .., barrier = ..,
    timeout = ..>."""

    _prefix = "!fly_rocdl.gfx1250.tdm<"

    @staticmethod
    def get(rank, num_warps, pad_interval=0, pad_amount=0, cache_modifier=0, *, atomic_barrier=False,
            early_timeout=False, context=None):
        s = (f"{CopyOpGFX1250TDMType._prefix}rank = {int(rank)}, warps = {int(num_warps)}, pad = "
             f"{int(pad_interval)}, {int(pad_amount)}, cache = {int(cache_modifier)}, barrier = "
             f"{_flag(atomic_barrier)}, timeout = {_flag(early_timeout)}>")
        return _ir.Type._new(CopyOpGFX1250TDMType, s)


_ir._type_hooks += [(c._prefix, c) for c in (MmaOpGFX1250_WMMAScaleType, CopyOpGFX1250TDMType)]
