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
