# Golden IR of a gfx950 kernel with a tiled copy over fx.rocdl.cdna4.LDSReadTrans16_64b (checked by
# lds_read_trans_ir.fc): the atom prints as FlyDSL's !fly_rocdl.cdna4.lds_read_trans<trans = 16b, 64> (its
# assembly format `<trans = $transGranularity b, $bitSize>`), the origin IR has fly.make_copy_atom of
# !fly.copy_atom<..., 16> and fly.copy from the lane's partition_S of the LDS tile (four consecutive bf16) into a
# register fragment; fly-layout-lowering makes it rocdl.ds.read.tr16.b64 of the lane's LDS address (vector<4xi16>,
# as FlyDSL's CopyOpCDNA4LdsReadTransposeType emits it) bitcast to vector<4xbf16>; the ISA has
# ds_read_b64_tr_b16; fly_rocdl.CopyOpCDNA4LdsReadTransposeType.get builds the op. (This program runs with COMPILE_ONLY=1.)
import os

os.environ["ARCH"] = "gfx950"
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl.expr import rocdl

op = rocdl.cdna4.LDSReadTrans16_64b()
atom = fx.make_copy_atom(op, fx.BFloat16)
print(op)
print(atom)
print(rocdl.cdna4.LDSReadTrans(8, 64), rocdl.cdna4.LDSReadTrans6_96b(), rocdl.cdna4.LDSReadTrans4_64b())
# FlyDSL's MLIR-level type of the op: get() builds one, isinstance tells it from other copy ops
from flydsl._mlir.dialects.fly_rocdl import CopyOpCDNA4LdsReadTransposeType as TransType

print(TransType.get(16, 64), isinstance(op, TransType), isinstance(fx.UniversalCopy64b(), TransType))
tiled = fx.make_tiled_copy(atom, fx.make_layout(((16, 4), 4), ((16, 4), 1)), (16, 16))
print(tiled.layout_dst_tv_tiled, tiled.layout_src_tv_tiled)


@flyc.kernel
def trans_ir(out: fx.Tensor):
    t = fx.Int32(fx.thread_idx.x)
    lds = fx.SharedAllocator().allocate(fx.Array[fx.BFloat16, 256]).peek()
    src = tiled.get_slice(t).partition_S(fx.make_view(lds.ptr, fx.make_layout((16, 16), (16, 1))))
    frag = fx.make_rmem_tensor(fx.make_layout(4, 1), fx.BFloat16)
    fx.copy(tiled, src, frag)
    fx.memref_store_vec(frag.load(), fx.slice(fx.logical_divide(out, fx.make_layout(4, 1)), (None, t)))


@flyc.jit
def run(out):
    trans_ir(out).launch(grid=1, block=64)


k = flyc.compile(run, torch.zeros(256, dtype=torch.bfloat16, device="cuda"))
print(k.ir(0))
print(k.ir("fly-layout-lowering"))
print("ISA", k.target, k.isa.count("ds_read_b64_tr_b16"))
