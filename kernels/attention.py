"""flash_attention(q, k, v, causal=False, scale=None): softmax(q k^T * scale) v for (batch, heads, seq,
head_dim) tensors, head_dim 64 or 128, float16/bfloat16, with MFMA atoms, never forming the seq x seq
score matrix.

The design, in the layout algebra's terms. A block is one wave and owns 32 queries of one (batch, head):
grid (ceil(seq / 32), heads, batch). The wave walks the keys in blocks of 32 (a runtime loop; causal
stops at the diagonal block) and computes everything transposed, S^T = K Q^T and O^T = V^T P^T, with the
32x32x8 MFMA atom (fx.rocdl.MFMA(32, 32, 8, dtype), one wave, atom layout (1,1,1)). The reason is the
atom's C TV layout: lane l holds column l % 32 of the 32 x 32 result and rows 8 (i // 4) + 4 (l // 32) +
i % 4, i = 0..15. With queries as the columns every lane owns a single query: its scores, its running
maximum m, its sum l and its column of each 32 x 32 block of O^T. And rows 8j + 4 (l // 32) + 0..3 of S^T are exactly
what the B operand of step j of the P^T product wants (lane l: column l % 32, k = 4 (l // 32) + 0..3), so P
goes from the first MMA's accumulators into the second's operands without leaving the lane.

Operands. K (32 keys x 16 dims) is the A operand of S^T, Q the (N, K) view of its B operand, both
row-major in memory: lane l loads row l % 32, dims 8 (l // 32) .. +7, of each 16-dim slice with one
128-bit buffer load and feeds values 0..3 to one k-step and 4..7 to the next. That permutes the K mode
of both operands in the same way, which a contraction does not see. Q is loaded once; K every block.
V^T (dims x keys) is the A operand of O^T but V is (keys, dims) row-major, so the wave stages each V block
in LDS (128-bit loads, 16-byte LDS writes) and reads the transposed operand back element by element. The
LDS tile is the padded layout (32, D):(D + 8, 1): the two half-waves read rows 4 apart, which the 8-element
pad moves to the other 16 banks (the barriers around it cost nothing: a one-wave block needs none, and the
compiler drops them). The buffer tensors are made over each (batch, head) slice, so rows past
seq read as 0 and output rows past seq are dropped: no predicates on the loads and stores.

The online softmax (scores in the exp2 domain, pre-multiplied by scale * log2 e): the block's maximum per
query is the max of the lane's 16 scores and of lane l ^ 32's (one xor shuffle); m' = max(m, that), the
accumulators and l are rescaled by exp2(m - m'), p = exp2(s - m') (masked scores, keys past seq or, when
causal, after the query, are -3e38 and give 0). Each half-wave keeps its own part of l; they meet once at
the end, when O^T / l is rounded to the input dtype and stored 4 elements (64 bits) at a time.
"""
import math

import torch

import flydsl.compiler as flyc
import flydsl.expr as fx
from flydsl.expr import math as fmath

from flyi.kernels._block import WAVE
from flyi.kernels._common import ceil_div, check_tensor

BQ = 32  # queries a block (one wave)
BK = 32  # keys a step of the main loop
PAD = 8  # elements of padding a row of the LDS tile of V
LOWEST = -3.0e38
ROWS = 1 << 20  # the static row count of the matrices' views (the resource's size is the real bound)
LOG2E = 1.4426950408889634
DTYPES = {torch.float16: "f16", torch.bfloat16: "bf16"}
DSL = {"f16": fx.Float16, "bf16": fx.BFloat16}


def _vtile(dname, dims):
    @fx.struct
    class VTile:
        v: fx.Array[DSL[dname], BK * (dims + PAD)]

    return VTile


VTILES = {(n, d): _vtile(n, d) for n in DSL for d in (64, 128)}


def _chunk(T, row, c):
    """Elements 8c .. 8c+7 of row `row` of the 2-D tensor T (128 bits of 16-bit elements)."""
    return fx.slice(fx.zipped_divide(T, fx.make_tile(1, 8)), (None, (row, c)))


def _matrix(T, b, h, seq, dims):
    """The (seq, dims) matrix T[b, h] as a buffer tensor of a static layout (ROWS rows, so that its copies
    are whole 128-bit loads) whose resource ends after row seq - 1: rows past seq read 0, stores drop."""
    it = fx.get_iter(fx.slice(T, (b, h, None, None)))
    return fx.rocdl.make_buffer_tensor(fx.make_view(it, fx.make_layout((ROWS, dims), (dims, 1))),
                                       num_records_bytes=seq * (dims * 2))


@flyc.kernel
def _attention_mfma(Q: fx.Tensor, K: fx.Tensor, V: fx.Tensor, O: fx.Tensor, seq: fx.Int32, scale: fx.Float32,
                    dims: fx.Constexpr[int], causal: fx.Constexpr[bool], dname: fx.Constexpr[str]):
    lane = fx.thread_idx.x
    r, half = lane % 32, lane // 32
    qb, h, b = fx.block_idx.x, fx.block_idx.y, fx.block_idx.z
    q0 = qb * BQ
    dt = Q.element_type
    sv = fx.SharedAllocator().allocate(VTILES[(dname, dims)]).peek().v.view(
        fx.make_layout((BK, dims), (dims + PAD, 1)))
    # the (seq, dims) matrices of this (batch, head), as buffer tensors: rows past seq read 0
    gq, gk, gv, go = (_matrix(T, b, h, seq, dims) for T in (Q, K, V, O))
    mma = fx.make_tiled_mma(fx.make_mma_atom(fx.rocdl.MFMA(32, 32, 8, dt)), fx.make_layout((1, 1, 1), (0, 0, 0)))
    thr = mma.thr_slice(lane)
    shape_c = fx.make_view(fx.get_iter(O), fx.make_layout((32, 32), (32, 1)))
    shape_ab = fx.make_view(fx.get_iter(O), fx.make_layout((32, 8), (8, 1)))
    ld = fx.make_copy_atom(fx.rocdl.BufferCopy(128), dt)
    lds_w = fx.make_copy_atom(fx.UniversalCopy(128), dt)
    # Q: the B operand of S^T, 16 dims a 128-bit load, kept in registers
    nd = dims // 16
    rq = [fx.make_fragment_like(_chunk(gq, q0 + r, 2 * c + half)) for c in fx.range_constexpr(nd)]
    for c in fx.range_constexpr(nd):
        fx.copy(ld, _chunk(gq, q0 + r, 2 * c + half), rq[c])
    acc = [thr.make_fragment_C(thr.partition_C(shape_c)) for c in fx.range_constexpr(dims // 32)]
    for c in fx.range_constexpr(dims // 32):
        for i in fx.range_constexpr(16):
            acc[c][i] = fx.Float32(0.0)
    fs = thr.make_fragment_C(thr.partition_C(shape_c))
    fa = thr.make_fragment_A(thr.partition_A(shape_ab))
    fb = thr.make_fragment_B(thr.partition_B(shape_ab))
    # every register fragment is made here, before the loop (an alloca elsewhere would stay in scratch)
    rk = [fx.make_fragment_like(_chunk(gk, 0, 0)) for c in fx.range_constexpr(nd)]
    per = BK * dims // 8 // WAVE  # 128-bit chunks of the V block a lane moves
    rv = [fx.make_fragment_like(_chunk(gv, 0, 0)) for i in fx.range_constexpr(per)]
    tiles_o = fx.zipped_divide(go, fx.make_tile(1, 4))
    ro = fx.make_fragment_like(fx.slice(tiles_o, (None, (0, 0))))
    m = fx.Float32(LOWEST)
    lsum = fx.Float32(0.0)
    nkb = ceil_div(seq, BK)
    if fx.const_expr(causal):
        nkb = fx.min(nkb, qb + 1)
    for kb in range(nkb):
        k0 = kb * BK
        # S^T = K Q^T: two k-steps a 128-bit load
        for c in fx.range_constexpr(nd):
            fx.copy(ld, _chunk(gk, k0 + r, 2 * c + half), rk[c])
        for i in fx.range_constexpr(per):
            ci = lane + WAVE * i
            fx.copy(ld, _chunk(gv, k0 + ci // (dims // 8), ci % (dims // 8)), rv[i])
        for i in fx.range_constexpr(16):
            fs[i] = fx.Float32(0.0)
        for c in fx.range_constexpr(nd):
            for s in fx.range_constexpr(2):
                for e in fx.range_constexpr(4):
                    fa[e] = rk[c][4 * s + e]
                    fb[e] = rq[c][4 * s + e]
                fx.gemm(mma, fs, fa, fb, fs)
        # the online softmax of this lane's query over the block's keys
        blk = fx.Float32(LOWEST)
        for i in fx.range_constexpr(16):
            key = k0 + 8 * (i // 4) + 4 * half + i % 4
            ok = key < seq
            if fx.const_expr(causal):
                ok = ok & (key <= q0 + r)
            fs[i] = ok.select(fs[i] * scale, fx.Float32(LOWEST))
            blk = fx.max(blk, fs[i])
        m2 = fx.max(m, fx.max(blk, fx.shuffle_xor(blk, 32, WAVE)))
        corr = fmath.exp2(m - m2)
        lsum = lsum * corr
        for i in fx.range_constexpr(16):
            fs[i] = fmath.exp2(fs[i] - m2)
            lsum = lsum + fs[i]
        for c in fx.range_constexpr(dims // 32):
            for i in fx.range_constexpr(16):
                acc[c][i] = acc[c][i] * corr
        m = m2
        # V through LDS (the previous block's reads are done first)
        fx.barrier()
        for i in fx.range_constexpr(per):
            ci = lane + WAVE * i
            fx.copy(lds_w, rv[i], _chunk(sv, ci // (dims // 8), ci % (dims // 8)))
        fx.barrier()
        # O^T += V^T P^T: P^T's rows 8j .. 8j+7 are the B operand of step j as they lie
        for j in fx.range_constexpr(BK // 8):
            for e in fx.range_constexpr(4):
                fb[e] = fs[4 * j + e].to(dt)
            for c in fx.range_constexpr(dims // 32):
                for e in fx.range_constexpr(4):
                    fa[e] = sv[8 * j + 4 * half + e, 32 * c + r]
                fx.gemm(mma, acc[c], fa, fb, acc[c])
    inv = 1.0 / (lsum + fx.shuffle_xor(lsum, 32, WAVE))
    st = fx.make_copy_atom(fx.rocdl.BufferCopy(64), dt)
    for c in fx.range_constexpr(dims // 32):
        for g in fx.range_constexpr(4):
            dst = fx.slice(tiles_o, (None, (q0 + r, 8 * c + 2 * g + half)))
            for e in fx.range_constexpr(4):
                ro[e] = (acc[c][4 * g + e] * inv).to(dt)
            fx.copy(st, ro, dst)


@flyc.jit
def _launch(Q, K, V, O, seq: fx.Int32, scale: fx.Float32, dims: fx.Constexpr[int], causal: fx.Constexpr[bool],
            dname: fx.Constexpr[str]):
    _attention_mfma(Q, K, V, O, seq, scale, dims, causal, dname).launch(
        grid=(ceil_div(seq, BQ), Q.shape[1], Q.shape[0]), block=WAVE)


def _check(q, k, v):
    check_tensor("q", q, dtypes=tuple(DTYPES), ndim=4)
    for name, t in (("k", k), ("v", v)):
        check_tensor(name, t, dtypes=(q.dtype,), ndim=4)
        if tuple(t.shape) != tuple(q.shape):
            raise ValueError("%s: shape %s does not match q's %s (same batch, heads, seq and head_dim)" % (
                name, tuple(t.shape), tuple(q.shape)))
    if q.shape[3] not in (64, 128):
        raise ValueError("flash_attention: head_dim must be 64 or 128, got %d" % q.shape[3])
    if q.shape[2] > ROWS:
        raise ValueError("flash_attention: seq must be at most %d, got %d" % (ROWS, q.shape[2]))


def _scale(dims, scale):
    return float((1.0 / math.sqrt(dims) if scale is None else scale) * LOG2E)


def flash_attention(q, k, v, causal=False, scale=None):
    """softmax(q @ k^T * scale [+ causal mask]) @ v over the last two dimensions of (batch, heads, seq,
    head_dim) tensors (float16 or bfloat16, head_dim 64 or 128); scale defaults to 1 / sqrt(head_dim)."""
    _check(q, k, v)
    batch, heads, seq, dims = q.shape
    out = torch.empty_like(q)
    if batch and heads and seq:
        _launch(q, k, v, out, seq, _scale(dims, scale), dims, bool(causal), DTYPES[q.dtype])
    return out


def compile(q, k=None, v=None, causal=False):
    """The CompiledKernel flash_attention(q, k, v) launches (k and v default to q)."""
    k = q if k is None else k
    v = q if v is None else v
    _check(q, k, v)
    return flyc.compile(_launch, q, k, v, torch.empty_like(q), q.shape[2], _scale(q.shape[3], None), q.shape[3],
                        bool(causal), DTYPES[q.dtype])
