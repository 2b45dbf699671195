"""gemm(a, b) = a @ b with MFMA atoms, float16/bfloat16 (float32 accumulation, output in the input dtype)
and float32; preshuffle(b) and gemm_preshuffled(a, b_shuffled) for a B laid out ahead of time; gemm_fp8 for
the target's fp8 e4m3 (FNUZ on gfx942, OCP on gfx950) with per-tensor scales.

The design, in the layout algebra's terms.

Tiles. C is cut into 64 x 64 tiles (zipped_divide by (BM, BN)), one a workgroup of 256 threads (four
waves). The tiled MMA repeats one MFMA atom 2 x 2 over the waves (atom layout (2,2,1):(1,2,0)): 32x32x8
for float16/bfloat16, 32x32x2 for float32, 32x32x16 for fp8, so each wave owns a 32 x 32 quarter of the
tile and each lane a fixed set of C elements, the atom's C TV layout (draw it: fx.utils.print_layout(
fx.make_mma_atom(fx.rocdl.MFMA(32, 32, 8, fx.Float16)))). K is walked in tiles of BK = 64 bytes of a row
(32 float16, 16 float32, 64 fp8), so that a (64, BK) tile is 4096 bytes: one 128-bit vector a thread.
Workgroups take their tiles in a grouped order (_grouped_tile): GROUP_M tile rows down a column, then the
next column, so that the workgroups running together share A's and B's panels in the L2 cache.

Global to LDS. A's (BM, BK) tile and B's (BK, BN) tile are cut out of buffer tensors and read by tiled
copies whose TV layouts give thread t one 16-byte vector of a row (thread layout (64, 4):(4, 1) over A's
tile, (BK, BN / VEC):(BN / VEC, 1) over B's; value layout (1, VEC):(VEC, 1)) through BufferCopy128b atoms:
one buffer_load_dwordx4 per operand and tile, coalesced along the rows.

LDS, free of bank conflicts under the target's bank model (flyc.profile reports the LDS sites 1-way, but
for one on gfx950 in float32). A is kept K-contiguous, sA[m, k] with layout ((G, 64 / G), BK, stage):((BK,
G BK + P), 1, ...): a row is 16 banks wide, and its rows come in groups of G = banks / 16 (2 on gfx942, 4 on
gfx950's 64 banks), each group followed by one P-wide chunk of padding, where P is the number of K values one
lane feeds an MFMA (4 for 16-bit types, 1 for float32, 8 for fp8). The MFMA operand read (lane l reads its P
consecutive K values of row l % 32 in one ds_read) then finds the rows LDS serves together on distinct banks,
and the stores of the rows (a thread writes its 16 bytes of a row) fill the banks with each group. B is kept as
its rows come, sB[k, n] N-contiguous, rows in groups of P with 32 words of padding after each group on gfx950:
a thread's 16-byte vector is stored whole and the lanes a phase serves cover every bank once; the MFMA reads
its B values one by one down K, 32 lanes at 32 consecutive n (gfx950's phase of 64 lanes reaches the next
group of rows, which the padding moves onto the other banks). Turning B around on the way in, as an earlier
version did, made that store 4-way, and A rows padded one by one made the A store 2-way: the profiler found
both. The cost is P reads of B a lane and MFMA instead of one wide read; a swizzle of the chunks would keep B
K-contiguous with one wide read, but flyi's tensors do not take swizzled layouts yet. On gfx950 in float32
no linear layout serves both the 4-byte A reads (64 lanes a phase) and the 4-byte A stores: the read stays
2-way there.

Double buffering. LDS holds two such stages (a third mode of size 2 in each LDS layout). The main loop,
range(0, nk - 1, init=[the C fragment]) ... yield, issues the 128-bit global loads of tile k + 1 first,
then computes tile k from stage k % 2 (LDS to the A/B fragments by make_tiled_copy_A/B, fx.gemm into the
float32 C fragment the loop carries), stores tile k + 1 into the other stage and meets the other waves at
one barrier: the next tile's loads are in flight while the MFMAs run.

Edges, in the kernel (nothing is padded on the host). The buffer tensors' bounds do part of the work: a
read past the end of A or B returns 0, a write past the end of C is dropped. Rows of A past M and rows of
B past K are past the end, so they read as 0; columns of B past N read the next row's elements, which only
reach columns of C that are never stored. The rest is predicated with an identity tensor (element (i, j)
is its own coordinate) partitioned like the data: the last, partial K tile is read element by element
under fx.elem_less(coordinate, (M, K)) (and (K, N)) after the main loop, and C is stored under
elem_less(coordinate, (M, N)). When the rows of A or B are not a whole number of 16-byte vectors (K or N
not a multiple of VEC), the same copies use element-wide atoms.

Preshuffled B. preshuffle(b) writes B in the order of the tiled MMA's B operand, so that a lane's B
fragment of a K tile is one contiguous run in memory and B needs no LDS: b_shuffled[nb, kt, l, j * P + v]
= b[kt * BK + j * 2P + (l // 32) * P + v, nb * 32 + l % 32]: the atom's B TV layout ((32, 2), P):((1, 32P), 32)
(lane (n, g) and value v -> element n + 32 (gP + v) of a (32, 2P) block) made physical, repeated over the
BK / 2P MFMA steps j of a tile, per 32-column block nb and K tile kt. The wave owning columns nb * 32 ... reads its 64 rows of BK / 2 values, 128 bits at a time,
straight into its B fragment; the next tile's fragment is carried through the loop state (init=). B is
zero-padded to whole (BK, 32) blocks there, once, when the weight is prepared.

fp8. gemm_fp8 runs the same kernel on e4m3 operands (its bytes move as i8 through the buffer loads and
LDS), accumulates in float32, and multiplies the sums once by scale_a * scale_b before rounding to
out_dtype.
"""
import torch

import flydsl.compiler as flyc
import flydsl.expr as fx
from flydsl.runtime.device import get_rocm_arch

from flyi.kernels._common import ceil_div, check_tensor

BM, BN = 64, 64
THREADS = 256
GROUP_M = 4  # tile rows a group of workgroups walks (_grouped_tile)
# dtype -> (MFMA M = N, MFMA K, BK, P = K values a lane feeds one MFMA, VEC = elements of 128 bits)
CFG = {torch.float16: (32, 8, 32, 4, 8), torch.bfloat16: (32, 8, 32, 4, 8), torch.float32: (32, 2, 16, 1, 4)}
# fp8 e4m3 (the target's format: FNUZ on gfx942, OCP on gfx950): the 32x32x16 atom, 8 values a lane and step
FP8_CFG = (32, 16, 64, 8, 16)
FP8_TYPES = (torch.float8_e4m3fnuz, torch.float8_e4m3fn)
OUT_TYPES = (torch.float32, torch.float16, torch.bfloat16)


def _identity_part(tiled, tid, shape, tile, coord):
    """thread tid's part of tile `coord` of an identity tensor of `shape`, partitioned by `tiled`."""
    ident = fx.make_view((0, 0), fx.make_identity_layout(shape))
    return tiled.get_slice(tid).partition_S(fx.slice(fx.zipped_divide(ident, tile), (None, coord)))


def _pred(tiled, tid, shape, tile, coord):
    part = _identity_part(tiled, tid, shape, tile, coord)
    ok = fx.make_fragment_like(part, dtype=fx.Boolean)
    for i in fx.range_constexpr(fx.size(ok.shape).unpack()):
        ok[i] = fx.elem_less(part[i], shape)
    return ok


def _grouped_tile(M, N):
    """The (bm, bn) tile of this workgroup in the grouped order: workgroups in launch order (x fastest) walk
    GROUP_M tile rows down one tile column, then the next column of the same GROUP_M rows, and only then the next
    GROUP_M rows. Workgroups that run at about the same time then share A's and B's panels (GROUP_M A panels and
    a few B panels instead of all of A for one B panel), so the panels are read from the cache, not memory."""
    gm = (M + (BM - 1)) // BM  # tile rows
    gn = (N + (BN - 1)) // BN
    bx, by, _ = fx.block_idx
    pid = by * gm + bx
    first = pid // (GROUP_M * gn) * GROUP_M  # the group's first tile row
    rows = gm - first
    rows = fx.arith.select(rows < GROUP_M, rows, fx.Int32(GROUP_M))  # the last group may be shorter
    r = pid - first * gn  # the workgroup's place in its group
    return first + r % rows, r // rows


@flyc.kernel
def _gemm_tiles(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor, M: fx.Int32, N: fx.Int32, K: fx.Int32,
                mfma_m: fx.Constexpr[int], mfma_k: fx.Constexpr[int], bk: fx.Constexpr[int],
                pad: fx.Constexpr[int], vec: fx.Constexpr[int], wide_a: fx.Constexpr[bool],
                wide_b: fx.Constexpr[bool], shuffled: fx.Constexpr[bool], scale: fx.Float32,
                scaled: fx.Constexpr[bool], banks: fx.Constexpr[int]):
    tid = fx.thread_idx.x
    bm, bn = _grouped_tile(M, N)
    dt = A.element_type
    # LDS: two stages of sA (BM, bk), K-contiguous, rows in groups of banks / 16 with one P-wide chunk of padding
    # after each group, and of sB (bk, BN) as B's rows come (N-contiguous), 32 words of padding after each P rows
    # on a 64-bank LDS; views built once, here
    g = banks // 16  # A rows a group: a row is 16 banks wide
    grp = g * bk + pad  # elements from one group of A rows to the next
    pb = 128 // (dt.width // 8) if fx.const_expr(banks == 64) else 0
    kb = pad * BN + pb  # elements from one group of P rows of B to the next
    lds = fx.SharedAllocator()
    sa = lds.allocate(fx.Array[dt, 2 * (BM // g) * grp]).peek()
    sb = lds.allocate(fx.Array[dt, 2 * (bk // pad) * kb]).peek()
    sA = sa.view(fx.make_layout(((g, BM // g), bk, 2), ((bk, grp), 1, BM // g * grp)))
    sB = sb.view(fx.make_layout((BN, (pad, bk // pad), 2), (1, (BN, kb), bk // pad * kb)))  # indexed (n, k)
    sBr = sb.view(fx.make_layout(((pad, bk // pad), BN, 2), ((BN, kb), 1, bk // pad * kb)))  # (k, n)

    tiles_a = fx.zipped_divide(fx.rocdl.make_buffer_tensor(A, max_size=False), fx.make_tile(BM, bk))
    if fx.const_expr(shuffled):  # B is (blocks of 32 columns x K tiles) x 64 lanes rows of bk / 2 values
        tiles_b = fx.zipped_divide(fx.rocdl.make_buffer_tensor(B, max_size=False), fx.make_tile(64, bk // 2))
    else:
        tiles_b = fx.zipped_divide(fx.rocdl.make_buffer_tensor(B, max_size=False), fx.make_tile(bk, BN))
    gC = fx.slice(fx.zipped_divide(fx.rocdl.make_buffer_tensor(C, max_size=False), fx.make_tile(BM, BN)), (None, (bm, bn)))

    # global -> registers: one 128-bit vector a thread and operand (element-wide atoms when rows are ragged)
    wa = 128 if fx.const_expr(wide_a) else dt.width
    wb = 128 if fx.const_expr(wide_b) else dt.width
    ga_atom = fx.make_copy_atom(fx.rocdl.BufferCopy(wa), dt)
    gb_atom = fx.make_copy_atom(fx.rocdl.BufferCopy(wb), dt)
    val = fx.make_layout((1, vec), (vec, 1))
    ca = bk // vec  # threads across a row of A's tile
    cb = BN // vec  # threads across a row of B's tile
    ga = fx.make_tiled_copy_tv(ga_atom, fx.make_layout((BM, ca), (ca, 1)), val)
    ta = ga.get_slice(tid)
    ra = fx.make_fragment_like(ta.partition_S(fx.slice(tiles_a, (None, (bm, 0)))))
    if fx.const_expr(shuffled):  # a wave's lanes read their rows of the shuffled B: bk / 2 values, 128 bits at a time
        gb = fx.make_tiled_copy_tv(gb_atom, fx.make_layout((64, 1), (1, 64)), fx.make_layout((1, bk // 2), (1, 1)))
        tb = gb.get_slice(tid % 64)
        nkt = ceil_div(K, bk)  # K tiles of the shuffled B
        nb = bn * 2 + tid // 128  # the 32-column block of this wave (its N half of the tile)
        rb = fx.make_fragment_like(tb.partition_S(fx.slice(tiles_b, (None, (nb * nkt, 0)))))
        rbn = fx.make_fragment_like(rb)
    else:
        gb = fx.make_tiled_copy_tv(gb_atom, fx.make_layout((bk, cb), (cb, 1)), val)
        tb = gb.get_slice(tid)
        rb = fx.make_fragment_like(tb.partition_S(fx.slice(tiles_b, (None, (0, bn)))))
    # registers -> LDS: A's rows in P-wide chunks (each chunk lands where the swizzle puts it), B's rows whole
    sa_atom = fx.make_copy_atom(fx.UniversalCopy(pad * dt.width), dt)
    sb_atom = fx.make_copy_atom(fx.UniversalCopy(vec * dt.width if fx.const_expr(wide_b) else dt.width), dt)

    mma = fx.make_tiled_mma(fx.make_mma_atom(fx.rocdl.MFMA(mfma_m, mfma_m, mfma_k, dt)),
                            fx.make_layout((2, 2, 1), (1, 2, 0)))
    thr = mma.thr_slice(tid)
    fa = thr.make_fragment_A(thr.partition_A(sA[None, None, 0]))
    fb = thr.make_fragment_B(thr.partition_B(sB[None, None, 0]))
    fc = thr.make_fragment_C(thr.partition_C(gC))
    for i in fx.range_constexpr(fx.size(fc.shape).unpack()):
        fc[i] = fx.Float32(0.0)
    # LDS -> MMA fragments: a lane reads its P consecutive K values of an A row at once, its B values one by one
    rd_atom = fx.make_copy_atom(fx.UniversalCopy(pad * dt.width), dt)
    rb_atom = fx.make_copy_atom(fx.UniversalCopy(dt.width), dt)
    fa_cp = fx.make_tiled_copy_A(rd_atom, mma).get_slice(tid)
    fb_cp = fx.make_tiled_copy_B(rb_atom, mma).get_slice(tid)

    def load_b(kt, dst):
        if fx.const_expr(shuffled):
            fx.copy(gb_atom, tb.partition_S(fx.slice(tiles_b, (None, (nb * nkt + kt, 0)))), dst)
        else:
            fx.copy(gb_atom, tb.partition_S(fx.slice(tiles_b, (None, (kt, bn)))), dst)

    def load_tile(kt):
        fx.copy(ga_atom, ta.partition_S(fx.slice(tiles_a, (None, (bm, kt)))), ra)
        load_b(kt, rb)

    def load_tail(kt):  # the partial last K tile, element by element under predicates
        for i in fx.range_constexpr(fx.size(ra.shape).unpack()):
            ra[i] = dt(0.0)
        fx.copy(ga_atom, ta.partition_S(fx.slice(tiles_a, (None, (bm, kt)))), ra,
                pred=_pred(ga, tid, (M, K), fx.make_tile(BM, bk), (bm, kt)))
        if fx.const_expr(shuffled):  # (zero-padded to whole tiles by preshuffle)
            load_b(kt, rb)
        else:
            for i in fx.range_constexpr(fx.size(rb.shape).unpack()):
                rb[i] = dt(0.0)
            fx.copy(gb_atom, tb.partition_S(fx.slice(tiles_b, (None, (kt, bn)))), rb,
                    pred=_pred(gb, tid, (K, N), fx.make_tile(bk, BN), (kt, bn)))

    def store_tile(s):
        fx.copy(sa_atom, ra, ta.partition_D(sA[None, None, s]))
        if fx.const_expr(not shuffled):
            fx.copy(sb_atom, rb, tb.partition_D(sBr[None, None, s]))

    def compute(s):
        fx.copy(rd_atom, fa_cp.partition_S(sA[None, None, s]), fa_cp.retile(fa))
        if fx.const_expr(shuffled):  # the lane's registers are its B fragment, value for value
            for i in fx.range_constexpr(fx.size(fb.shape).unpack()):
                fb[i] = rb[i]
        else:
            fx.copy(rb_atom, fb_cp.partition_S(sB[None, None, s]), fb_cp.retile(fb))
        fx.gemm(mma, fc, fa, fb, fc)

    nk = K // bk  # whole K tiles
    if nk > 0:
        load_tile(0)
        store_tile(0)
    fx.barrier()
    if fx.const_expr(shuffled):  # the B fragment of the next tile travels in registers, through the loop state
        for kt, st in range(fx.Int32(0), nk - 1, fx.Int32(1), init=[fc.load(), rb.load()]):
            fc.store(st[0])
            rb.store(st[1])
            fx.copy(ga_atom, ta.partition_S(fx.slice(tiles_a, (None, (bm, kt + 1)))), ra)
            load_b(kt + 1, rbn)
            compute(kt % 2)
            store_tile((kt + 1) % 2)
            fx.barrier()
            res = yield [fc.load(), rbn.load()]
        fc.store(res[0])
        rb.store(res[1])
    else:
        for kt, st in range(fx.Int32(0), nk - 1, fx.Int32(1), init=[fc.load()]):
            fc.store(st[0])
            load_tile(kt + 1)  # the next tile's loads go out first...
            compute(kt % 2)  # ...while this tile's MFMAs run
            store_tile((kt + 1) % 2)
            fx.barrier()
            res = yield [fc.load()]
        fc.store(res)
    if nk > 0:
        compute((nk - 1) % 2)
    if nk * bk < K:
        load_tail(nk)
        store_tile(nk % 2)
        fx.barrier()
        compute(nk % 2)

    out = fx.make_copy_atom(fx.rocdl.BufferCopy(C.element_type.width), C.element_type)
    tc_tiled = fx.make_tiled_copy_C(out, mma)
    tc = tc_tiled.get_slice(tid)
    fo = fx.make_fragment_like(fc, dtype=C.element_type)
    for i in fx.range_constexpr(fx.size(fc.shape).unpack()):  # (element by element: no scratch)
        if fx.const_expr(scaled):  # fp8: the product of the operands' scales, once, on the float32 sums
            fo[i] = (fc[i] * scale).to(C.element_type)
        else:
            fo[i] = fc[i].to(C.element_type)
    fx.copy(out, tc.retile(fo), tc.partition_D(gC), pred=_pred(tc_tiled, tid, (M, N), fx.make_tile(BM, BN), (bm, bn)))


@flyc.jit
def _launch(A, B, C, M: fx.Int32, N: fx.Int32, K: fx.Int32, mfma_m: fx.Constexpr[int], mfma_k: fx.Constexpr[int],
            bk: fx.Constexpr[int], pad: fx.Constexpr[int], vec: fx.Constexpr[int], wide_a: fx.Constexpr[bool],
            wide_b: fx.Constexpr[bool], shuffled: fx.Constexpr[bool], scale: fx.Float32, scaled: fx.Constexpr[bool]):
    banks = 64 if get_rocm_arch().startswith("gfx950") else 32  # the LDS bank count the padding is made for
    _gemm_tiles(A, B, C, M, N, K, mfma_m, mfma_k, bk, pad, vec, wide_a, wide_b, shuffled, scale, scaled,
                banks).launch(
        grid=(ceil_div(M, BM), ceil_div(N, BN), 1), block=THREADS)


def _check_out(out, a, m, n):
    if out is None:
        return torch.empty(m, n, dtype=a.dtype, device="cuda")
    check_tensor("out", out, dtypes=(a.dtype,), ndim=2)
    if tuple(out.shape) != (m, n):
        raise ValueError("out: shape %s, expected %s" % (tuple(out.shape), (m, n)))
    return out


def _operands(a, b):
    check_tensor("a", a, dtypes=tuple(CFG), ndim=2)
    check_tensor("b", b, dtypes=(a.dtype,), ndim=2)
    (m, k), (k2, n) = a.shape, b.shape
    if k != k2:
        raise ValueError("gemm: a is %d x %d and b is %d x %d: a's columns must match b's rows" % (m, k, k2, n))
    mm, mk, bk, pad, vec = CFG[a.dtype]
    wide = k % vec == 0 and n % vec == 0  # (one flag for both operands: fewer kernel variants)
    return (m, n, k), (mm, mk, bk, pad, vec, wide, wide, False, 1.0, False)


def gemm(a, b, out=None):
    """a @ b for 2-D a (M, K) and b (K, N) of one dtype (float16, bfloat16, float32); a new (M, N) tensor
    (or out)."""
    (m, n, k), cfg = _operands(a, b)
    out = _check_out(out, a, m, n)
    if m and n:
        if k == 0:
            out.zero_()
        else:
            _launch(a, b, out, m, n, k, *cfg)
    return out


def preshuffle(b):
    """B (K, N) laid out for gemm_preshuffled: a new (ceil(N / 32), ceil(K / BK), 64, BK / 2) tensor, zero-padded to
    whole blocks, with b_shuffled[nb, kt, l, j * P + v] = b[kt * BK + j * 2P + (l // 32) * P + v, nb * 32 + l % 32]
    (lane l's K value v of MFMA step j, the B TV layout of the atom; P = 4 for float16/bfloat16, 1 for float32).
    The result remembers N (b_shuffled.shuffled_n) and the K it was made for (b_shuffled.shuffled_k)."""
    check_tensor("b", b, dtypes=tuple(CFG), ndim=2)
    k, n = b.shape
    mm, mk, bk, pad, vec = CFG[b.dtype]
    nb, kt = ceil_div(n, 32), ceil_div(k, bk)
    p = torch.zeros(kt * bk, nb * 32, dtype=b.dtype, device="cuda")
    p[:k, :n] = b
    # (kt, j, g, v, nb, nl) -> (nb, kt, (g, nl) = lane, (j, v) = value)
    q = p.reshape(kt, bk // (2 * pad), 2, pad, nb, 32).permute(4, 0, 2, 5, 1, 3)
    out = q.reshape(nb, kt, 64, bk // 2).contiguous()
    out.shuffled_n, out.shuffled_k = n, k
    return out


def _shuffled_operands(a, bs, n):
    check_tensor("a", a, dtypes=tuple(CFG), ndim=2)
    check_tensor("b_shuffled", bs, dtypes=(a.dtype,), ndim=4)
    m, k = a.shape
    mm, mk, bk, pad, vec = CFG[a.dtype]
    n = getattr(bs, "shuffled_n", None) if n is None else n
    if n is None:
        raise ValueError("gemm_preshuffled: b_shuffled does not come from preshuffle(); pass n=")
    want = (ceil_div(n, 32), ceil_div(k, bk), 64, bk // 2)
    if tuple(bs.shape) != want:
        raise ValueError("gemm_preshuffled: b_shuffled is %s; preshuffle() of a (%d, %d) b gives %s" % (
            tuple(bs.shape), k, n, want))
    if getattr(bs, "shuffled_k", k) != k:
        raise ValueError("gemm_preshuffled: b_shuffled was made for K = %d, a has K = %d" % (bs.shuffled_k, k))
    return (m, n, k), (mm, mk, bk, pad, vec, k % vec == 0, True, True, 1.0, False), bs.reshape(-1, bk // 2)


def gemm_preshuffled(a, b_shuffled, n=None, out=None):
    """a @ b for b_shuffled = preshuffle(b) (n: b's columns, remembered by preshuffle); B's fragments are read
    straight into registers, 128 bits at a time, without LDS."""
    (m, n, k), cfg, bv = _shuffled_operands(a, b_shuffled, n)
    out = _check_out(out, a, m, n)
    if m and n:
        if k == 0:
            out.zero_()
        else:
            _launch(a, bv, out, m, n, k, *cfg)
    return out


def fp8_dtype():
    """The torch dtype of the target's fp8 e4m3 format: float8_e4m3fn on gfx950, float8_e4m3fnuz on gfx942."""
    return torch.float8_e4m3fn if get_rocm_arch().startswith("gfx950") else torch.float8_e4m3fnuz


def _scale(name, s):
    if isinstance(s, torch.Tensor):
        if s.numel() != 1:
            raise ValueError("%s: one scale for the whole tensor (a number or a 1-element tensor), got %d" % (
                name, s.numel()))
        return float(s.reshape(-1)[0].item())
    return float(s)


def _fp8_operands(a, b, scale_a, scale_b, out_dtype):
    want = fp8_dtype()
    check_tensor("a", a, dtypes=FP8_TYPES, ndim=2)
    check_tensor("b", b, dtypes=(a.dtype,), ndim=2)
    if a.dtype != want:
        raise TypeError("gemm_fp8: a and b are %s, but %s's fp8 MFMA reads %s" % (a.dtype, get_rocm_arch(), want))
    if out_dtype not in OUT_TYPES:
        raise TypeError("gemm_fp8: out_dtype %s is not supported (%s)" % (out_dtype, ", ".join(map(str, OUT_TYPES))))
    (m, k), (k2, n) = a.shape, b.shape
    if k != k2:
        raise ValueError("gemm_fp8: a is %d x %d and b is %d x %d: a's columns must match b's rows" % (m, k, k2, n))
    mm, mk, bk, pad, vec = FP8_CFG
    wide = k % vec == 0 and n % vec == 0
    s = _scale("scale_a", scale_a) * _scale("scale_b", scale_b)
    return (m, n, k), (mm, mk, bk, pad, vec, wide, wide, False, s, True)


def gemm_fp8(a, b, scale_a=1.0, scale_b=1.0, out_dtype=torch.bfloat16, out=None):
    """(a * scale_a) @ (b * scale_b) for fp8 e4m3 a (M, K) and b (K, N) in the target's format (fp8_dtype()), with
    per-tensor scales (numbers or 1-element tensors), float32 accumulation, output in out_dtype (float32,
    float16, bfloat16)."""
    (m, n, k), cfg = _fp8_operands(a, b, scale_a, scale_b, out_dtype)
    if out is None:
        out = torch.empty(m, n, dtype=out_dtype, device="cuda")
    else:
        check_tensor("out", out, dtypes=(out_dtype,), ndim=2)
        if tuple(out.shape) != (m, n):
            raise ValueError("out: shape %s, expected %s" % (tuple(out.shape), (m, n)))
    if m and n:
        if k == 0:
            out.zero_()
        else:
            _launch(a, b, out, m, n, k, *cfg)
    return out


def compile(a, b, shuffled=False):
    """The CompiledKernel gemm(a, b) launches (shuffled=True: the one gemm_preshuffled(a, preshuffle(b)) launches;
    fp8 a and b: the one gemm_fp8(a, b) launches)."""
    if a.dtype in FP8_TYPES:
        (m, n, k), cfg = _fp8_operands(a, b, 1.0, 1.0, torch.bfloat16)
        return flyc.compile(_launch, a, b, torch.empty(m, n, dtype=torch.bfloat16, device="cuda"), m, n, k, *cfg)
    if shuffled:
        (m, n, k), cfg, bv = _shuffled_operands(a, preshuffle(b), None)
        return flyc.compile(_launch, a, bv, torch.empty(m, n, dtype=a.dtype, device="cuda"), m, n, k, *cfg)
    (m, n, k), cfg = _operands(a, b)
    return flyc.compile(_launch, a, b, torch.empty(m, n, dtype=a.dtype, device="cuda"), m, n, k, *cfg)
