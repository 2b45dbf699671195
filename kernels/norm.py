"""layer_norm(x, weight, bias, eps) and rms_norm(x, weight, eps) over the last dimension of a 2-D tensor.

The design: one block of 256 threads per row (as flyi.kernels.reduce), float32 arithmetic, output in the
input's dtype. layer_norm makes three passes over the row: the sum (mean), the sum of squared deviations
from the mean (variance, two-pass so that large means do not cancel), and the output
(x - mean) * rstd * weight + bias with rstd = 1 / sqrt(var + eps). rms_norm makes two: the sum of
squares, then x * rstd * weight with rstd = 1 / sqrt(mean(x^2) + eps). The block reductions are
flyi.kernels._block's (shuffles in a wave, LDS across waves), so every thread of the row has the same
mean and rstd. weight and bias have the row's length and x's dtype.
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
def _layer_norm_rows(X: fx.Tensor, W: fx.Tensor, B: fx.Tensor, Y: fx.Tensor, ncols: fx.Int32, eps: fx.Float32):
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


@flyc.kernel
def _rms_norm_rows(X: fx.Tensor, W: fx.Tensor, Y: fx.Tensor, ncols: fx.Int32, eps: fx.Float32):
    row, tid = fx.block_idx.x, fx.thread_idx.x
    red = fx.SharedAllocator().allocate(_Scratch).peek().red.view(fx.make_layout(WAVES, 1))
    sq = fx.Float32(0.0)
    for c in range(tid, ncols, THREADS):
        v = X[row, c].to(fx.Float32)
        sq = sq + v * v
    rstd = fmath.rsqrt(block_allreduce(sq, add, red, tid, WAVES) / fx.Float32(ncols) + eps)
    for c in range(tid, ncols, THREADS):
        Y[row, c] = (X[row, c].to(fx.Float32) * rstd * W[c].to(fx.Float32)).to(Y.element_type)


@flyc.jit
def _launch_ln(X, W, B, Y, ncols: fx.Int32, eps: fx.Float32):
    _layer_norm_rows(X, W, B, Y, ncols, eps).launch(grid=X.shape[0], block=THREADS)


@flyc.jit
def _launch_rms(X, W, Y, ncols: fx.Int32, eps: fx.Float32):
    _rms_norm_rows(X, W, Y, ncols, eps).launch(grid=X.shape[0], block=THREADS)


def _check(x, params):
    check_tensor("x", x, ndim=2)
    if x.shape[1] == 0:
        raise ValueError("the rows of x are empty (shape %s)" % (tuple(x.shape),))
    for name, p in params:
        check_tensor(name, p, dtypes=(x.dtype,), ndim=1)
        if p.shape[0] != x.shape[1]:
            raise ValueError("%s has %d elements, the rows of x %d" % (name, p.shape[0], x.shape[1]))


def layer_norm(x, weight, bias, eps=1e-5, out=None):
    """(x - mean) / sqrt(var + eps) * weight + bias over the last dimension of the 2-D tensor x."""
    _check(x, (("weight", weight), ("bias", bias)))
    out = out_like(out, x)
    if x.shape[0]:
        _launch_ln(x, weight, bias, out, x.shape[1], float(eps))
    return out


def rms_norm(x, weight, eps=1e-6, out=None):
    """x / sqrt(mean(x^2) + eps) * weight over the last dimension of the 2-D tensor x."""
    _check(x, (("weight", weight),))
    out = out_like(out, x)
    if x.shape[0]:
        _launch_rms(x, weight, out, x.shape[1], float(eps))
    return out


def compile(x, kind="layer_norm"):
    """The CompiledKernel layer_norm (or rms_norm) launches for x."""
    w = torch.ones(x.shape[1], dtype=x.dtype, device="cuda")
    if kind == "rms_norm":
        return flyc.compile(_launch_rms, x, w, torch.empty_like(x), x.shape[1], 1e-6)
    return flyc.compile(_launch_ln, x, w, torch.zeros_like(w), torch.empty_like(x), x.shape[1], 1e-5)
