"""layer_norm(x, weight, bias, eps) and rms_norm(x, weight, eps) over the last dimension of a 2-D tensor,
and their backward passes.

The design: one block of 256 threads per row (as flyi.kernels.reduce), float32 arithmetic, output in the
input's dtype. layer_norm makes three passes over the row: the sum (mean), the sum of squared deviations
from the mean (variance, two-pass so that large means do not cancel), and the output
(x - mean) * rstd * weight + bias with rstd = 1 / sqrt(var + eps). rms_norm makes two: the sum of
squares, then x * rstd * weight with rstd = 1 / sqrt(mean(x^2) + eps). The block reductions are
flyi.kernels._block's (shuffles in a wave, LDS across waves), so every thread of the row has the same
mean and rstd. weight and bias have the row's length and x's dtype. With return_stats=True the forward
also returns the float32 mean and rstd of every row, which the backward passes take.

Backward, with xhat = (x - mean) * rstd (rms_norm: x * rstd) and g = dy * weight: per row (one block),
dx = rstd * (g - mean(g) - xhat * mean(g * xhat)) (rms_norm: rstd * (g - xhat * mean(g * xhat))), two
block reductions; per column (a second kernel, one thread a column, walking down the rows: the threads
of a wave read consecutive columns of a row, coalesced), dweight = sum(dy * xhat) and dbias = sum(dy).
"""
import torch

import flydsl.compiler as flyc
import flydsl.expr as fx
from flydsl.expr import math as fmath

from flyi.kernels._block import add, block_allreduce
from flyi.kernels._common import check_tensor, out_like

THREADS = 256
WAVES = THREADS // 64


@fx.struct
class _Scratch:
    red: fx.Array[fx.Float32, WAVES]


@flyc.kernel
def _layer_norm_rows(X: fx.Tensor, W: fx.Tensor, B: fx.Tensor, Y: fx.Tensor, Mean: fx.Tensor, Rstd: fx.Tensor,
                     ncols: fx.Int32, eps: fx.Float32):
    row, tid = fx.block_idx.x, fx.thread_idx.x
    red = fx.SharedAllocator().allocate(_Scratch).peek().red.view(fx.make_layout(WAVES, 1))
    acc = fx.Float32(0.0)
    for c in range(tid, ncols, THREADS):
        acc = acc + X[row, c].to(fx.Float32)
    mean = block_allreduce(acc, add, red, tid, WAVES) / fx.Float32(ncols)
    dev = fx.Float32(0.0)
    for c in range(tid, ncols, THREADS):
        d = X[row, c].to(fx.Float32) - mean
        dev = dev + d * d
    rstd = fmath.rsqrt(block_allreduce(dev, add, red, tid, WAVES) / fx.Float32(ncols) + eps)
    for c in range(tid, ncols, THREADS):
        y = (X[row, c].to(fx.Float32) - mean) * rstd * W[c].to(fx.Float32) + B[c].to(fx.Float32)
        Y[row, c] = y.to(Y.element_type)
    if tid == 0:
        Mean[row] = mean
        Rstd[row] = rstd


@flyc.kernel
def _rms_norm_rows(X: fx.Tensor, W: fx.Tensor, Y: fx.Tensor, Rstd: fx.Tensor, ncols: fx.Int32, eps: fx.Float32):
    row, tid = fx.block_idx.x, fx.thread_idx.x
    red = fx.SharedAllocator().allocate(_Scratch).peek().red.view(fx.make_layout(WAVES, 1))
    sq = fx.Float32(0.0)
    for c in range(tid, ncols, THREADS):
        v = X[row, c].to(fx.Float32)
        sq = sq + v * v
    rstd = fmath.rsqrt(block_allreduce(sq, add, red, tid, WAVES) / fx.Float32(ncols) + eps)
    for c in range(tid, ncols, THREADS):
        Y[row, c] = (X[row, c].to(fx.Float32) * rstd * W[c].to(fx.Float32)).to(Y.element_type)
    if tid == 0:
        Rstd[row] = rstd


@flyc.kernel
def _norm_bwd_rows(DY: fx.Tensor, X: fx.Tensor, W: fx.Tensor, Mean: fx.Tensor, Rstd: fx.Tensor, DX: fx.Tensor,
                   ncols: fx.Int32, centred: fx.Constexpr[bool]):
    row, tid = fx.block_idx.x, fx.thread_idx.x
    red = fx.SharedAllocator().allocate(_Scratch).peek().red.view(fx.make_layout(WAVES, 1))
    rstd = Rstd[row]
    mean = Mean[row] if fx.const_expr(centred) else fx.Float32(0.0)
    sg = fx.Float32(0.0)
    sgx = fx.Float32(0.0)
    for c in range(tid, ncols, THREADS):
        g = DY[row, c].to(fx.Float32) * W[c].to(fx.Float32)
        sg = sg + g
        sgx = sgx + g * ((X[row, c].to(fx.Float32) - mean) * rstd)
    n = fx.Float32(ncols)
    mg = block_allreduce(sg, add, red, tid, WAVES) / n if fx.const_expr(centred) else fx.Float32(0.0)
    mgx = block_allreduce(sgx, add, red, tid, WAVES) / n
    for c in range(tid, ncols, THREADS):
        g = DY[row, c].to(fx.Float32) * W[c].to(fx.Float32)
        xhat = (X[row, c].to(fx.Float32) - mean) * rstd
        DX[row, c] = (rstd * (g - mg - xhat * mgx)).to(DX.element_type)


@flyc.kernel
def _norm_bwd_cols(DY: fx.Tensor, X: fx.Tensor, Mean: fx.Tensor, Rstd: fx.Tensor, DW: fx.Tensor, DB: fx.Tensor,
                   nrows: fx.Int32, ncols: fx.Int32, centred: fx.Constexpr[bool]):
    c = fx.block_idx.x * THREADS + fx.thread_idx.x
    if c < ncols:
        dw = fx.Float32(0.0)
        db = fx.Float32(0.0)
        for r in range(nrows):
            dy = DY[r, c].to(fx.Float32)
            mean = Mean[r] if fx.const_expr(centred) else fx.Float32(0.0)
            dw = dw + dy * ((X[r, c].to(fx.Float32) - mean) * Rstd[r])
            db = db + dy
        DW[c] = dw.to(DW.element_type)
        if fx.const_expr(centred):
            DB[c] = db.to(DB.element_type)


@flyc.jit
def _launch_ln(X, W, B, Y, Mean, Rstd, ncols: fx.Int32, eps: fx.Float32):
    _layer_norm_rows(X, W, B, Y, Mean, Rstd, ncols, eps).launch(grid=X.shape[0], block=THREADS)


@flyc.jit
def _launch_rms(X, W, Y, Rstd, ncols: fx.Int32, eps: fx.Float32):
    _rms_norm_rows(X, W, Y, Rstd, ncols, eps).launch(grid=X.shape[0], block=THREADS)


@flyc.jit
def _launch_bwd(DY, X, W, Mean, Rstd, DX, DW, DB, nrows: fx.Int32, ncols: fx.Int32, centred: fx.Constexpr[bool]):
    _norm_bwd_rows(DY, X, W, Mean, Rstd, DX, ncols, centred).launch(grid=X.shape[0], block=THREADS)
    _norm_bwd_cols(DY, X, Mean, Rstd, DW, DB, nrows, ncols, centred).launch(
        grid=(ncols + THREADS - 1) // THREADS, block=THREADS)


def _check(x, params):
    check_tensor("x", x, ndim=2)
    if x.shape[1] == 0:
        raise ValueError("the rows of x are empty (shape %s)" % (tuple(x.shape),))
    for name, p in params:
        check_tensor(name, p, dtypes=(x.dtype,), ndim=1)
        if p.shape[0] != x.shape[1]:
            raise ValueError("%s has %d elements, the rows of x %d" % (name, p.shape[0], x.shape[1]))


def _stats(x):
    return torch.empty(x.shape[0], dtype=torch.float32, device="cuda")


def layer_norm(x, weight, bias, eps=1e-5, out=None, return_stats=False):
    """(x - mean) / sqrt(var + eps) * weight + bias over the last dimension of the 2-D tensor x; with
    return_stats, (y, mean, rstd) (float32, one a row) for layer_norm_backward."""
    _check(x, (("weight", weight), ("bias", bias)))
    out = out_like(out, x)
    mean, rstd = _stats(x), _stats(x)
    if x.shape[0]:
        _launch_ln(x, weight, bias, out, mean, rstd, x.shape[1], float(eps))
    return (out, mean, rstd) if return_stats else out


def rms_norm(x, weight, eps=1e-6, out=None, return_stats=False):
    """x / sqrt(mean(x^2) + eps) * weight over the last dimension of the 2-D tensor x; with return_stats,
    (y, rstd) for rms_norm_backward."""
    _check(x, (("weight", weight),))
    out = out_like(out, x)
    rstd = _stats(x)
    if x.shape[0]:
        _launch_rms(x, weight, out, rstd, x.shape[1], float(eps))
    return (out, rstd) if return_stats else out


def _backward(dy, x, weight, mean, rstd, centred):
    _check(x, (("weight", weight),))
    check_tensor("dy", dy, dtypes=(x.dtype,), ndim=2)
    if tuple(dy.shape) != tuple(x.shape):
        raise ValueError("dy: shape %s does not match x's %s" % (tuple(dy.shape), tuple(x.shape)))
    for name, st in (("mean", mean), ("rstd", rstd)):
        check_tensor(name, st, dtypes=(torch.float32,), ndim=1)
        if st.shape[0] != x.shape[0]:
            raise ValueError("%s has %d elements, x %d rows" % (name, st.shape[0], x.shape[0]))
    dx, dw, db = torch.empty_like(x), torch.empty_like(weight), torch.empty_like(weight)
    if x.shape[0]:
        _launch_bwd(dy, x, weight, mean, rstd, dx, dw, db, x.shape[0], x.shape[1], centred)
    else:
        dw.zero_()
        db.zero_()
    return dx, dw, db


def layer_norm_backward(dy, x, weight, mean, rstd):
    """The gradients (dx, dweight, dbias) of layer_norm at x, given dy and the forward's mean and rstd."""
    return _backward(dy, x, weight, mean, rstd, True)


def rms_norm_backward(dy, x, weight, rstd):
    """The gradients (dx, dweight) of rms_norm at x, given dy and the forward's rstd."""
    dx, dw, _ = _backward(dy, x, weight, rstd, rstd, False)
    return dx, dw


def compile(x, kind="layer_norm"):
    """The CompiledKernel layer_norm (or rms_norm) launches for x."""
    w = torch.ones(x.shape[1], dtype=x.dtype, device="cuda")
    if kind == "rms_norm":
        return flyc.compile(_launch_rms, x, w, torch.empty_like(x), _stats(x), x.shape[1], 1e-6)
    return flyc.compile(_launch_ln, x, w, torch.zeros_like(w), torch.empty_like(x), _stats(x), _stats(x),
                        x.shape[1], 1e-5)
