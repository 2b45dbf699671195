"""gemm(a, b) = a @ b with MFMA atoms, float16/bfloat16 (float32 accumulation, output in the input dtype)
and float32.

The design, in the layout algebra's terms. C is cut into 64 x 64 tiles, one a workgroup of 256 threads
(four waves). The tiled MMA repeats one MFMA atom 2 x 2 over the waves (atom layout (2,2,1):(1,2,0)):
32x32x8 for float16/bfloat16, 32x32x2 for float32, so each wave owns a 32 x 32 quarter of the tile and
each lane a fixed set of C elements (the atom's C TV layout: draw it with
fx.utils.print_layout(fx.make_mma_atom(fx.rocdl.MFMA(32, 32, 8, fx.Float16)))). The K dimension is walked
in steps of BK = 16: A's (64, 16) tile and B's (64, 16) tile (B read as the (N, K) view b.t(), the operand
order the MFMA wants) are zipped_divide'd out of buffer tensors at the runtime step kt, moved into each
thread's A and B fragments by tiled copies matched to the MMA (make_tiled_copy_A/B: each thread loads
exactly what its lanes feed the MFMA), and fx.gemm accumulates into the float32 C fragment, which the
loop carries. At the end the fragment is rounded to the output type and written through
make_tiled_copy_C.

Edges: M and N are padded to multiples of 64 and K to a multiple of 16 with zeros on the host before the
launch (zeros add nothing to the products), and the result is cut back; a predicated edge tile inside the
kernel, LDS staging and a double-buffered main loop are the next steps (issue 17).
"""
import torch

import flydsl.compiler as flyc
import flydsl.expr as fx

from flyi.kernels._common import DSL_TYPE, ceil_div, check_tensor

BM, BN, BK = 64, 64, 16
ATOM = {torch.float16: (32, 8), torch.bfloat16: (32, 8), torch.float32: (32, 2)}


@flyc.kernel
def _gemm_tiles(A: fx.Tensor, Bt: fx.Tensor, C: fx.Tensor, nk: fx.Int32, mfma_m: fx.Constexpr[int],
                mfma_k: fx.Constexpr[int]):
    tid = fx.thread_idx.x
    bm, bn, _ = fx.block_idx
    dt = A.element_type
    tiles_a = fx.zipped_divide(fx.rocdl.make_buffer_tensor(A), fx.make_tile(BM, BK))
    tiles_b = fx.zipped_divide(fx.rocdl.make_buffer_tensor(Bt), fx.make_tile(BN, BK))
    gC = fx.slice(fx.zipped_divide(fx.rocdl.make_buffer_tensor(C), fx.make_tile(BM, BN)), (None, (bm, bn)))
    mma = fx.make_tiled_mma(fx.make_mma_atom(fx.rocdl.MFMA(mfma_m, mfma_m, mfma_k, dt)),
                            fx.make_layout((2, 2, 1), (1, 2, 0)))
    thr = mma.thr_slice(tid)
    fa = thr.make_fragment_A(thr.partition_A(fx.slice(tiles_a, (None, (bm, 0)))))
    fb = thr.make_fragment_B(thr.partition_B(fx.slice(tiles_b, (None, (bn, 0)))))
    fc = thr.make_fragment_C(thr.partition_C(gC))
    for i in fx.range_constexpr(fx.size(fc.shape).unpack()):
        fc[i] = fx.Float32(0.0)
    cp = fx.make_copy_atom(fx.rocdl.BufferCopy(dt.width), dt)
    ta = fx.make_tiled_copy_A(cp, mma).get_slice(tid)
    tb = fx.make_tiled_copy_B(cp, mma).get_slice(tid)
    for kt in range(nk):
        fx.copy(cp, ta.partition_S(fx.slice(tiles_a, (None, (bm, kt)))), ta.retile(fa))
        fx.copy(cp, tb.partition_S(fx.slice(tiles_b, (None, (bn, kt)))), tb.retile(fb))
        fx.gemm(mma, fc, fa, fb, fc)
    out = fx.make_copy_atom(fx.rocdl.BufferCopy(C.element_type.width), C.element_type)
    tc = fx.make_tiled_copy_C(out, mma).get_slice(tid)
    fo = fx.make_fragment_like(fc, dtype=C.element_type)
    for i in fx.range_constexpr(fx.size(fc.shape).unpack()):  # (element by element: no scratch)
        fo[i] = fc[i].to(C.element_type)
    fx.copy(out, tc.retile(fo), tc.partition_D(gC))


@flyc.jit
def _launch(A, Bt, C, nk: fx.Int32, mfma_m: fx.Constexpr[int], mfma_k: fx.Constexpr[int]):
    _gemm_tiles(A, Bt, C, nk, mfma_m, mfma_k).launch(grid=(C.shape[0] // BM, C.shape[1] // BN, 1), block=256)


def _padded(t, rows, cols):
    if tuple(t.shape) == (rows, cols):
        return t
    p = torch.zeros(rows, cols, dtype=t.dtype, device="cuda")
    p[: t.shape[0], : t.shape[1]] = t
    return p


def _operands(a, b):
    check_tensor("a", a, dtypes=tuple(ATOM), ndim=2)
    check_tensor("b", b, dtypes=(a.dtype,), ndim=2)
    (m, k), (k2, n) = a.shape, b.shape
    if k != k2:
        raise ValueError("gemm: a is %d x %d and b is %d x %d: a's columns must match b's rows" % (m, k, k2, n))
    mp, np_, kp = ceil_div(m, BM) * BM, ceil_div(n, BN) * BN, ceil_div(max(k, 1), BK) * BK
    return _padded(a, mp, kp), _padded(b, kp, np_), (m, n, k, mp, np_, kp)


def gemm(a, b, out=None):
    """a @ b for 2-D a (M, K) and b (K, N) of one dtype (float16, bfloat16, float32); a new (M, N) tensor
    (or out)."""
    ap, bp, (m, n, k, mp, np_, kp) = _operands(a, b)
    c = torch.empty(mp, np_, dtype=a.dtype, device="cuda")
    if m and n:
        _launch(ap, bp.t(), c, kp // BK, *ATOM[a.dtype])
    res = c if (mp, np_) == (m, n) else c[:m, :n].contiguous()
    if out is None:
        return res
    check_tensor("out", out, dtypes=(a.dtype,), ndim=2)
    if tuple(out.shape) != (m, n):
        raise ValueError("out: shape %s, expected %s" % (tuple(out.shape), (m, n)))
    out.copy_(res)
    return out


def compile(a, b):
    """The CompiledKernel gemm(a, b) launches."""
    ap, bp, (m, n, k, mp, np_, kp) = _operands(a, b)
    return flyc.compile(_launch, ap, bp.t(), torch.empty(mp, np_, dtype=a.dtype, device="cuda"), kp // BK,
                        *ATOM[a.dtype])
