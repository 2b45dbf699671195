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
