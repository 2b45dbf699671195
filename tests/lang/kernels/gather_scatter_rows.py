# flyi: run
# Indexed copies (trace_gather.c): fx.gather(atom, base_iter, offsets, dst) and fx.scatter(atom, src,
# base_iter, offsets) move AtomV contiguous elements per (TV, Rest) instance to / from base_iter + offset;
# offsets are built from an index tensor broadcast with a stride-0 layout plus a coordinate tensor of
# column offsets (.load() of make_view(make_int_tuple(0), layout)); pointer + n is fly.add_offset. The second
# kernel takes raw torch tensors (dynamic layouts): make_layout with traced extents from .shape.unpack().
# fx.ptr_load / fx.ptr_store read and write through such pointers.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

ROWS, COLS, PICK = 6, 8, 4

@flyc.kernel
def permute_rows(src: fx.Tensor, dst: fx.Tensor, idx: fx.Tensor, back: fx.Tensor):
    t = fx.thread_idx.x
    atom = fx.make_copy_atom(fx.UniversalCopy64b(), fx.Float32)
    thr = fx.make_tiled_copy_tv(atom, fx.make_layout((PICK, 2), (2, 1)), fx.make_layout((1, 4), (1, 1))).get_slice(t)
    offs_rows = fx.make_view(fx.get_iter(idx), fx.make_layout((PICK, COLS), (1, 0)))   # idx[r] for every column
    cols = fx.make_view(fx.make_int_tuple(0), fx.make_layout((PICK, COLS), (0, 1)))    # the column number
    p_rows = thr.partition_S(offs_rows)[(0, None), None, None]
    p_cols = thr.partition_S(cols)[(0, None), None, None]
    p_dst = thr.partition_D(dst)
    r_off = fx.make_fragment_like(p_rows)
    r_dst = fx.make_fragment_like(p_dst)
    fx.copy(fx.make_copy_atom(fx.UniversalCopy32b(), fx.Int32), p_rows, r_off)
    r_off.store(r_off.load() * COLS + p_cols.load())
    print("offsets", r_off, "data", r_dst)
    fx.gather(atom, fx.get_iter(src), r_off, r_dst)
    fx.copy(atom, r_dst, p_dst)
    r_dst.store(r_dst.load() * -1.0)
    fx.scatter(atom, r_dst, fx.get_iter(back), r_off)             # back[idx[r], :] = -dst[r, :]
    if t < COLS:
        p = fx.get_iter(back) + (ROWS - 1) * COLS + t              # pointer arithmetic on its own
        v = fx.make_view(p, fx.make_layout(1, 1))
        v[0] = t.to(fx.Float32) + 100.0

@flyc.jit
def go(src, dst, idx, back):
    permute_rows(src, dst, idx, back).launch(grid=1, block=8)

S = flyc.from_dlpack
src = torch.arange(ROWS * COLS, dtype=torch.float32, device="cuda").view(ROWS, COLS)
dst = torch.zeros(PICK, COLS, device="cuda")
back = torch.zeros(ROWS, COLS, device="cuda")
idx = torch.tensor([4, 0, 2, 1], dtype=torch.int32, device="cuda")
go(S(src), S(dst), S(idx), S(back))
print("gather:", torch.equal(dst.cpu(), src.cpu()[idx.cpu().long()]))
want = torch.zeros(ROWS, COLS)
want[idx.cpu().long()] = -src.cpu()[idx.cpu().long()]
want[ROWS - 1, :] = torch.arange(COLS, dtype=torch.float32) + 100.0
print("scatter:", torch.equal(back.cpu(), want))
print(back.cpu()[3].tolist(), back.cpu()[4].tolist())

@flyc.kernel
def misuse(a: fx.Tensor):
    atom = fx.make_copy_atom(fx.UniversalCopy64b(), fx.Float32)
    r = fx.make_rmem_tensor(4, fx.Float32)
    o = fx.make_rmem_tensor(3, fx.Int32)
    for case in fx.range_constexpr(4):
        try:
            if fx.const_expr(case == 0):
                fx.gather(atom, fx.get_iter(a), o, r)          # 4 values are not 2 x 3
            elif fx.const_expr(case == 1):
                fx.gather(3, fx.get_iter(a), o, r)
            elif fx.const_expr(case == 2):
                fx.scatter(atom, r, fx.get_iter(a), 5)
            else:
                fx.get_iter(a) + 1.5
        except (TypeError, ValueError) as e:
            print(type(e).__name__ + ":", e)

@flyc.jit
def go_bad(a):
    misuse(a).launch(grid=1, block=1)

go_bad(torch.zeros(8, device="cuda"))

@flyc.kernel
def gather_dyn(src: fx.Tensor, dst: fx.Tensor, idx: fx.Tensor):
    t = fx.thread_idx.x
    atom = fx.make_copy_atom(fx.UniversalCopy64b(), fx.Float32)
    thr = fx.make_tiled_copy_tv(atom, fx.make_layout((PICK, 2), (2, 1)), fx.make_layout((1, 4), (1, 1))).get_slice(t)
    R, N = dst.shape.unpack()                                        # traced Int32 extents
    rows = fx.make_view(fx.get_iter(idx), fx.make_layout((R, N), (1, 0)))
    print("traced layout:", fx.make_layout((R, N), (1, 0)), rows)
    cols = fx.make_view(fx.make_int_tuple(0), fx.make_layout((PICK, COLS), (0, 1)))
    p_rows = thr.partition_S(fx.flat_divide(rows, (PICK, COLS))[None, None, 0, 0])[(0, None), None, None]
    p_cols = thr.partition_S(cols)[(0, None), None, None]
    p_dst = thr.partition_D(fx.flat_divide(dst, (PICK, COLS))[None, None, 0, 0])
    r_off = fx.make_fragment_like(p_rows)
    r_dst = fx.make_fragment_like(p_dst)
    fx.copy(fx.make_copy_atom(fx.UniversalCopy32b(), fx.Int32), p_rows, r_off)
    r_off.store(r_off.load() * N + p_cols.load())
    fx.gather(atom, fx.get_iter(src), r_off, r_dst)
    fx.copy(atom, r_dst, p_dst)

@flyc.jit
def go_dyn(src, dst, idx):
    gather_dyn(src, dst, idx).launch(grid=1, block=8)

dst = torch.zeros(PICK, COLS, device="cuda")
go_dyn(src, dst, idx)
print("gather with dynamic layouts:", torch.equal(dst.cpu(), src.cpu()[idx.cpu().long()]))

@flyc.kernel
def reverse_pairs(a: fx.Tensor, b: fx.Tensor):
    t = fx.thread_idx.x
    x = fx.ptr_load(fx.get_iter(a) + t * 2) + fx.ptr_load(fx.get_iter(a) + (t * 2 + 1))
    fx.ptr_store(x, fx.get_iter(b) + (3 - t))

@flyc.jit
def go_ptr(a, b):
    reverse_pairs(a, b).launch(grid=1, block=4)

b = torch.zeros(4, device="cuda")
go_ptr(torch.arange(8.0, device="cuda"), b)
print("ptr_load / ptr_store:", b.tolist())
