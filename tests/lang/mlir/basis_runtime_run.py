# flyi: run
# crd2idx of runtime coordinates onto basis strides keeps each path's computed value: with strides
# (1E1, 48E1) mode 1 is c0 + c1*48 (not an unbound leaf), a runtime basis coefficient (fx.Basis(c, [0]))
# scales the coordinate, and two paths with runtime coefficients each get their own value.
import torch

import flydsl.compiler as flyc
import flydsl.expr as fx


@flyc.kernel
def basis_idx(out: fx.Tensor, c0: fx.Int32, c1: fx.Int32):
    t = fx.make_view(fx.get_iter(out), fx.make_layout(5, 1))
    scaled = fx.make_layout((48, 21), (fx.E(1), fx.Basis(48, [1])))
    t[0] = fx.Int32(fx.get(fx.crd2idx(fx.make_coord(c0, c1), scaled), 1))
    rt = fx.make_layout((4, 8), (fx.Basis(c1, [0]), fx.Basis(3, [0])))
    t[1] = fx.Int32(fx.get(fx.crd2idx(fx.make_coord(c0, 2), rt), 0))
    two = fx.make_layout((4, 8), (fx.Basis(c1, [1]), fx.Basis(c0, [0])))
    j = fx.crd2idx(fx.make_coord(2, 3), two)
    t[2] = fx.Int32(fx.get(j, 0))
    t[3] = fx.Int32(fx.get(j, 1))
    nested = fx.make_layout((2, 6), (fx.Basis(c0, [1, 0]), fx.Basis(7, [1, 0])))
    t[4] = fx.Int32(fx.get_scalar(fx.get_(fx.crd2idx(fx.make_coord(1, c1), nested), [1, 0])))


@flyc.jit
def run(out: fx.Tensor, c0: fx.Int32, c1: fx.Int32):
    basis_idx(out, c0, c1).launch(grid=(1, 1, 1), block=(1, 1, 1))


o = torch.zeros(5, dtype=torch.int32, device="cuda")
run(o, 5, 3)
print(o.tolist())  # [5 + 3*48, 5*3 + 2*3, 3*5, 2*3, 5 + 3*7]
run(o, 2, 10)
print(o.tolist())
