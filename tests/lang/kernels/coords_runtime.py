# flyi: run
# Layout coordinates of runtime indices in a kernel, with FlyDSL's meaning: fx.idx2crd(tid, (4,64):(64,1))
# is (wave_id, lane_id); crd2idx / idx2crd / get_flat_coord / get_1d_coord / make_coord / get / slice and
# the divides of a layout with runtime extents take thread and block ids and kernel arguments. Every
# result is stored and compared with a plain-Python computation of the same formulas.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch


def size(s):
    if isinstance(s, int):
        return s
    r = 1
    for x in s:
        r *= size(x)
    return r


def idx2crd(i, shape, stride):
    if isinstance(i, tuple):
        return tuple(idx2crd(a, b, c) for a, b, c in zip(i, shape, stride))
    if isinstance(shape, tuple):
        return tuple(idx2crd(i, s, d) for s, d in zip(shape, stride))
    return 0 if shape == 1 else (i // stride) % shape


def crd2idx(c, shape, stride):
    if isinstance(c, tuple):
        return sum(crd2idx(a, b, d) for a, b, d in zip(c, shape, stride))
    if isinstance(shape, int):
        return c * stride
    r = 0
    for k, (s, d) in enumerate(zip(shape, stride)):
        if k + 1 == len(shape):
            ck = c
        else:
            ck, c = c % size(s), c // size(s)
        r += crd2idx(ck, s, d)
    return r


def colmajor(c, shape):
    if isinstance(c, int):
        return c
    r, m = 0, 1
    for a, s in zip(c, shape):
        r += colmajor(a, s) * m
        m *= size(s)
    return r


NCOL = 12
WL = ((4, 64), (64, 1))
NEST = (((2, 2), 32), ((1, 2), 4))


@flyc.kernel
def coords(A: fx.Tensor, M: fx.Int32, N: fx.Int32):
    tid = fx.thread_idx.x
    bid = fx.block_idx.x
    g = bid * 256 + tid
    coord = fx.idx2crd(tid, fx.make_layout((4, 64), (64, 1)))
    wave_id = fx.get(coord, 0)
    lane_id = fx.get(coord, 1)
    A[g, 0] = wave_id
    A[g, 1] = lane_id
    w, l = coord
    print(coord, coord[1], l)
    A[g, 2] = fx.get_scalar(fx.crd2idx((l, w), fx.make_layout((64, 4), (1, 64))))
    A[g, 3] = fx.get_scalar(fx.crd2idx(fx.make_coord(bid, l), fx.make_layout((3, 64), (64, 1))))
    h = fx.idx2crd(g, fx.make_layout(((2, 2), 32), ((1, 2), 4)))
    A[g, 4] = fx.get(fx.get(h, 0), 0) + 10 * fx.get(fx.get(h, 0), 1) + 100 * fx.get(h, 1)
    f = fx.get_flat_coord(g, fx.make_layout(((2, 2), 32), ((1, 2), 4)))
    A[g, 5] = fx.get(f, 0) * 1000 + fx.get(f, 1)
    A[g, 6] = fx.get_scalar(fx.get_1d_coord(g, fx.make_layout((8, 32), (32, 1))))
    D = fx.make_layout((M, N), (N, 1))
    A[g, 7] = fx.get_scalar(fx.crd2idx(g, D))
    A[g, 8] = fx.get_scalar(fx.crd2idx(fx.idx2crd(g, D), fx.make_layout((M, N), (1, M))))
    T = fx.logical_divide(D, (4, 8))
    A[g, 9] = fx.get_scalar(fx.crd2idx(((g % 4, bid), (lane_id % 8, 1)), T))
    S = fx.slice(fx.make_layout((4, 64), (64, 1)), fx.make_coord(None, lane_id))
    A[g, 10] = fx.get_scalar(fx.crd2idx(wave_id, S)) + fx.get_scalar(fx.crd2idx(fx.make_coord(0, lane_id), fx.make_layout((4, 64), (64, 1))))
    A[g, 11] = fx.get_scalar(fx.crd2idx(fx.make_int_tuple((1, 2)) + coord, fx.make_layout((8, 128), (128, 1))))


@flyc.jit
def run(a, m, n):
    coords(a, m, n).launch(grid=3, block=256)


M, N = 12, 16
a = torch.full((768, NCOL), -1, dtype=torch.int32, device="cuda")
run(a, M, N)
got = a.tolist()
Dl = ((M, N), (N, 1))
Tl = (((4, (M + 3) // 4), (8, (N + 7) // 8)), ((N, 4 * N), (1, 8)))
ok = [True] * NCOL
for g in range(768):
    tid, bid = g % 256, g // 256
    w, l = idx2crd(tid, *WL)
    h = idx2crd(g, *NEST)
    fl = tuple(colmajor(c, s) for c, s in zip(h, NEST[0]))
    exp = [w, l, crd2idx((l, w), (64, 4), (1, 64)), crd2idx((bid, l), (3, 64), (64, 1)),
           h[0][0] + 10 * h[0][1] + 100 * h[1], fl[0] * 1000 + fl[1],
           colmajor(idx2crd(g, (8, 32), (32, 1)), (8, 32)), crd2idx(g, *Dl),
           crd2idx(idx2crd(g, *Dl), (M, N), (1, M)), crd2idx(((g % 4, bid), (l % 8, 1)), *Tl),
           crd2idx(w, 4, 64) + crd2idx((0, l), *WL), crd2idx((1 + w, 2 + l), (8, 128), (128, 1))]
    for k in range(NCOL):
        ok[k] = ok[k] and got[g][k] == exp[k]
names = ["wave_id", "lane_id", "crd2idx of a tuple", "make_coord", "nested idx2crd", "get_flat_coord",
         "get_1d_coord", "runtime layout crd2idx", "runtime layout idx2crd", "logical_divide of a runtime layout",
         "slice", "IntTuple + coordinate"]
for k in range(NCOL):
    print(names[k], "PASS" if ok[k] else "FAIL")
print(got[0], got[300], got[767])
