# flyi: run
# Clear errors for predicated copies and coordinate tensors used in ways that are not supported (each one
# a Python exception naming the operation; the session goes on).
import torch

import flydsl.compiler as flyc
import flydsl.expr as fx

outside = fx.make_view((0, 0), fx.make_identity_layout((4, 8)))   # an eager coordinate tensor


@flyc.kernel
def bad(A: fx.Tensor, case: fx.Constexpr[int]):
    tid = fx.thread_idx.x
    atom = fx.make_copy_atom(fx.UniversalCopy32b(), fx.Float32)
    r = fx.make_rmem_tensor(4, fx.Float32)
    g = fx.slice(fx.logical_divide(A, fx.make_layout(4, 1)), (None, tid))
    c = fx.make_view((0, 0), fx.make_identity_layout((4, 8)))
    if fx.const_expr(case == 0):
        p = fx.make_rmem_tensor(3, fx.Boolean)
        fx.copy(atom, g, r, pred=p)                       # 3 predicates for 4 atoms
    elif fx.const_expr(case == 1):
        fx.copy_atom_call(atom, g, r)                      # 4 values, a 1-value atom
    elif fx.const_expr(case == 2):
        fx.copy_atom_call(fx.make_copy_atom(fx.rocdl.BufferCopy32b(), fx.Float32), g, r)
    elif fx.const_expr(case == 3):
        print(outside[None, tid])                          # made outside the kernel
    elif fx.const_expr(case == 4):
        fx.copy(atom, c, r)                                # a coordinate tensor holds no data
    elif fx.const_expr(case == 5):
        fx.logical_product(c, fx.make_layout(2, 1))
    elif fx.const_expr(case == 6):
        fx.memref_alloca(fx.MemRefType.get(fx.T.f32(), fx.LayoutType.get(4, 1), fx.AddressSpace.Shared),
                         fx.make_layout(4, 1))
    elif fx.const_expr(case == 9):
        tiled = fx.make_tiled_copy(atom, fx.make_layout((4, 1), (1, 4)), (4,))
        tiled.get_slice(tid).partition_S(fx.rocdl.make_buffer_tensor(A))
    elif fx.const_expr(case == 10):
        print(c["x"])
    elif fx.const_expr(case == 11):
        fx.copy(atom, g, r, pred=c)
    elif fx.const_expr(case == 7):
        print(c[(tid, 1, 2)])                              # a rank-3 coordinate for a rank-2 tensor
    else:
        print(fx.elem_less(c[tid, 0], (4, 8, 1)))          # 2 leaves against 3


@flyc.jit
def run(A, case: fx.Constexpr[int]):
    bad(A, case).launch(grid=1, block=4)


A = torch.zeros(16, device="cuda")
for case in range(12):
    try:
        run(A, case)
        print(case, "no error")
    except Exception as e:
        print(case, type(e).__name__ + ":", e)
print("still running")
