# flyi: run
# Layout algebra over runtime extents in a kernel: size / cosize / ceil_div of tuples made from kernel
# arguments, slicing a swizzled composed layout at a runtime row, and the zipped / flat / tiled / logical
# divides of a layout with runtime extents, indexed by runtime coordinates. Expected values: the same
# formulas in plain Python (M=13, N=17: zipped_divide((M,N):(N,1), (4,8)) is ((4,8),(4,3)):((N,1),(4N,8))).
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch


@flyc.kernel
def k(A: fx.Tensor, M: fx.Int32, N: fx.Int32):
    tid = fx.thread_idx.x
    A[tid, 0] = fx.get_scalar(fx.size(fx.make_shape(M, N)))
    A[tid, 1] = fx.get_scalar(fx.size(fx.make_layout((M, 4), (1, M))))
    cd = fx.ceil_div(fx.make_shape(M, N), (5, 3))
    A[tid, 2] = fx.get(cd, 0) * 100 + fx.get(cd, 1)
    S = fx.make_composed_layout(fx.static(fx.SwizzleType.get(3, 0, 3)), fx.make_layout((8, 8), (8, 1)))
    row = fx.slice(S, fx.make_coord(tid // 8, None))
    A[tid, 3] = fx.get_scalar(fx.crd2idx(tid % 8, row))
    D = fx.make_layout((M, N), (N, 1))
    Z = fx.zipped_divide(D, (4, 8))
    print(Z)
    A[tid, 4] = fx.get_scalar(fx.crd2idx(((tid % 4, tid // 4 % 8), (1, 1)), Z))
    F = fx.flat_divide(D, (4, 8))
    print(F)
    A[tid, 5] = fx.get_scalar(fx.crd2idx((tid % 4, tid // 4 % 8, 1, 0), F))
    Tl = fx.tiled_divide(D, (4, 8))
    print(Tl)
    A[tid, 6] = fx.get_scalar(fx.crd2idx(((tid % 4, tid // 4 % 8), 2, 1), Tl))
    A[tid, 7] = fx.get_scalar(fx.cosize(D))
    A[tid, 8] = fx.get_scalar(fx.crd2idx(tid, fx.logical_divide(fx.make_layout(M, 2), fx.make_layout(4, 1))))


@flyc.jit
def run(a, m, n):
    k(a, m, n).launch(grid=1, block=64)


M, N = 13, 17
a = torch.full((64, 9), -1, dtype=torch.int32, device="cuda")
run(a, M, N)


def swz(x):
    return x ^ ((x & (7 << 3)) >> 3)


exp = []
for t in range(64):
    p, q = t % 4, t // 4 % 8
    exp.append([M * N, M * 4, ((M + 4) // 5) * 100 + (N + 2) // 3, swz(t),
                p * N + q + 4 * N + 8, p * N + q + 4 * N, p * N + q + 2 * 4 * N + 8, (M - 1) * N + (N - 1) + 1,
                (t % 4) * 2 + (t // 4) * 8])
got = a.tolist()
names = ["size of a runtime shape", "size of a runtime layout", "ceil_div", "slice of a swizzled layout",
         "zipped_divide", "flat_divide", "tiled_divide", "cosize", "logical_divide by a layout"]
for i, name in enumerate(names):
    print(name, "PASS" if all(got[t][i] == exp[t][i] for t in range(64)) else "FAIL")
print(got[37])


@flyc.kernel
def tiles(A: fx.Tensor, m: fx.Int32):
    T = fx.logical_divide(fx.make_layout(64, 1), fx.make_layout(m, 1))
    print(T)
    A[0] = fx.get_scalar(fx.crd2idx((1, 2), T))
    T2 = fx.logical_divide(fx.make_layout((16, 16), (16, 1)), (fx.make_layout(m, 1), 4))
    print(T2)
    A[1] = fx.get_scalar(fx.crd2idx(((1, 2), (3, 1)), T2))


b = torch.zeros(2, dtype=torch.int32, device="cuda")
tiles(b, 8).launch(grid=1, block=1)
# m = 8: (8,8):(1,8) and ((8,2),(4,4)):((16,128),(1,4))
print("divide by a runtime tile", "PASS" if b.tolist() == [1 + 2 * 8, 16 + 2 * 128 + 3 + 4] else "FAIL")
