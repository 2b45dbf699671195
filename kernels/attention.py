"""flash_attention(q, k, v, causal=False, scale=None): softmax(q k^T * scale) v for (batch, heads, seq,
head_dim) tensors, head_dim 64 or 128, float16/bfloat16/float32, computed without ever forming the
seq x seq score matrix.

The design: one wave per query row, four rows a block (grid: ceil(seq / 4) x heads x batch). Lane l holds
dimensions l and l + 64 (for head_dim 128) of the query row and of the output accumulator. The wave walks
the keys j = 0 .. seq-1 (up to the row itself when causal) in a runtime loop: the score q . k_j is the sum
of the lanes' products, reduced across the wave with xor shuffles so that every lane has it; then the
online softmax update: with m the running maximum and l the running sum of exp(score - m), a new score
s gives m' = max(m, s), a rescale c = exp(m - m') of the accumulator and of l, and adds
exp(s - m') * v_j to the accumulator and exp(s - m') to l. After the last key the output is acc / l,
rounded to the input dtype. Arithmetic is float32. (The MFMA version, which computes a block of scores at
once with q k^T and p v as matrix products, is the next step: issue 17.)
"""
import math

import torch

import flydsl.compiler as flyc
import flydsl.expr as fx
from flydsl.expr import math as fmath

from flyi.kernels._block import WAVE, add, wave_allreduce
from flyi.kernels._common import ceil_div, check_tensor

ROWS = 4  # query rows a block: one a wave
LOWEST = -3.0e38


@flyc.kernel
def _attention_rows(Q: fx.Tensor, K: fx.Tensor, V: fx.Tensor, O: fx.Tensor, seq: fx.Int32, scale: fx.Float32,
                    dims: fx.Constexpr[int], causal: fx.Constexpr[bool]):
    tid = fx.thread_idx.x
    lane = tid % WAVE
    i = fx.block_idx.x * ROWS + tid // WAVE
    h, b = fx.block_idx.y, fx.block_idx.z
    if i < seq:
        per = dims // WAVE
        q = [Q[b, h, i, lane + WAVE * d].to(fx.Float32) * scale for d in fx.range_constexpr(per)]
        acc = [fx.Float32(0.0) for d in fx.range_constexpr(per)]
        m = fx.Float32(LOWEST)
        total = fx.Float32(0.0)
        end = i + 1 if fx.const_expr(causal) else seq
        for j in range(end):
            part = fx.Float32(0.0)
            for d in fx.range_constexpr(per):
                part = part + q[d] * K[b, h, j, lane + WAVE * d].to(fx.Float32)
            s = wave_allreduce(part, add)
            m2 = fx.max(m, s)
            c = fmath.exp(m - m2)
            p = fmath.exp(s - m2)
            total = total * c + p
            acc = [acc[d] * c + p * V[b, h, j, lane + WAVE * d].to(fx.Float32) for d in fx.range_constexpr(per)]
            m = m2
        inv = 1.0 / total
        for d in fx.range_constexpr(per):
            O[b, h, i, lane + WAVE * d] = (acc[d] * inv).to(O.element_type)


@flyc.jit
def _launch(Q, K, V, O, seq: fx.Int32, scale: fx.Float32, dims: fx.Constexpr[int], causal: fx.Constexpr[bool]):
    _attention_rows(Q, K, V, O, seq, scale, dims, causal).launch(
        grid=(ceil_div(seq, ROWS), Q.shape[1], Q.shape[0]), block=ROWS * WAVE)


def _check(q, k, v):
    check_tensor("q", q, ndim=4)
    for name, t in (("k", k), ("v", v)):
        check_tensor(name, t, dtypes=(q.dtype,), ndim=4)
        if tuple(t.shape) != tuple(q.shape):
            raise ValueError("%s: shape %s does not match q's %s (same batch, heads, seq and head_dim)" % (
                name, tuple(t.shape), tuple(q.shape)))
    if q.shape[3] not in (64, 128):
        raise ValueError("flash_attention: head_dim must be 64 or 128, got %d" % q.shape[3])


def flash_attention(q, k, v, causal=False, scale=None):
    """softmax(q @ k^T * scale [+ causal mask]) @ v over the last two dimensions of (batch, heads, seq,
    head_dim) tensors; scale defaults to 1 / sqrt(head_dim)."""
    _check(q, k, v)
    batch, heads, seq, dims = q.shape
    out = torch.empty_like(q)
    if batch and heads and seq:
        _launch(q, k, v, out, seq, float(1.0 / math.sqrt(dims) if scale is None else scale), dims, bool(causal))
    return out


def compile(q, k=None, v=None, causal=False):
    """The CompiledKernel flash_attention(q, k, v) launches (k and v default to q)."""
    k = q if k is None else k
    v = q if v is None else v
    return flyc.compile(_launch, q, k, v, torch.empty_like(q), q.shape[2], 1.0 / math.sqrt(q.shape[3]),
                        q.shape[3], bool(causal))
