"""softmax(x) over the last dimension of a 2-D tensor, float32/float16/bfloat16.

The design: one block of 256 threads per row, as in flyi.kernels.reduce. The first pass is the online
softmax: each thread walks its elements t, t + 256, ... keeping a running maximum m and the sum s of
exp(x - m) so far; a larger element rescales the sum (s * exp(m_old - m_new)) instead of needing a
separate pass for the maximum. The (m, s) pairs are then combined across the block with the same rule
(xor shuffles, then LDS), and the second pass writes exp(x - m) / s. Arithmetic is float32; the output
is rounded to the input's dtype. The running maximum starts at -3e38, not -inf, so that a thread with no
elements (rows shorter than the block) combines as a zero sum instead of a NaN.
"""
import torch

import flydsl.compiler as flyc
import flydsl.expr as fx
from flydsl.expr import math as fmath

from flyi.kernels._block import WAVE
from flyi.kernels._common import check_tensor, out_like

THREADS = 256
WAVES = THREADS // WAVE
LOWEST = -3.0e38


@fx.struct
class _Scratch:
    m: fx.Array[fx.Float32, WAVES]
    s: fx.Array[fx.Float32, WAVES]


def _merge(m1, s1, m2, s2):
    """The (max, sum) of two parts of a row: each sum rescaled to the common maximum."""
    m = fx.max(m1, m2)
    return m, s1 * fmath.exp(m1 - m) + s2 * fmath.exp(m2 - m)


@flyc.kernel
def _softmax_rows(X: fx.Tensor, Y: fx.Tensor, ncols: fx.Int32):
    row, tid = fx.block_idx.x, fx.thread_idx.x
    lds = fx.SharedAllocator().allocate(_Scratch).peek()
    sm, ss = lds.m.view(fx.make_layout(WAVES, 1)), lds.s.view(fx.make_layout(WAVES, 1))
    m = fx.Float32(LOWEST)
    s = fx.Float32(0.0)
    for c in range(tid, ncols, THREADS):
        m, s = _merge(m, s, X[row, c].to(fx.Float32), fx.Float32(1.0))
    for k in fx.range_constexpr(6):
        m, s = _merge(m, s, fx.shuffle_xor(m, 32 >> k, WAVE), fx.shuffle_xor(s, 32 >> k, WAVE))
    if tid % WAVE == 0:
        sm[tid // WAVE] = m
        ss[tid // WAVE] = s
    fx.barrier()
    m, s = sm[0], ss[0]
    for w in fx.range_constexpr(1, WAVES):
        m, s = _merge(m, s, sm[w], ss[w])
    inv = 1.0 / s
    for c in range(tid, ncols, THREADS):
        Y[row, c] = (fmath.exp(X[row, c].to(fx.Float32) - m) * inv).to(Y.element_type)


@flyc.jit
def _launch(X, Y, ncols: fx.Int32):
    _softmax_rows(X, Y, ncols).launch(grid=X.shape[0], block=THREADS)


def softmax(x, out=None):
    """softmax over the last dimension of the 2-D tensor x (same shape and dtype)."""
    check_tensor("x", x, ndim=2)
    out = out_like(out, x)
    if x.shape[0] and x.shape[1]:
        _launch(x, out, x.shape[1])
    return out


def compile(x):
    """The CompiledKernel softmax(x) launches."""
    return flyc.compile(_launch, x, torch.empty_like(x), x.shape[1])
