"""Row reductions: sum(x) and max(x) over the last dimension of a 2-D tensor.

The design: one block of THREADS = 256 threads (four waves) per row. Thread t reads the row's elements
t, t + 256, t + 512, ... (a runtime loop over the row, so one compiled kernel serves every width; for a
wave the accesses of one step are 64 consecutive elements, coalesced) and accumulates in float32. The
block then reduces the 256 partial results: xor shuffles inside each wave, LDS across the four waves
(flyi.kernels._block). Thread 0 writes the row's result, rounded to the input's dtype as torch does.
"""
import torch

import flydsl.compiler as flyc
import flydsl.expr as fx

from flyi.kernels._block import add as _add
from flyi.kernels._block import block_allreduce, maximum
from flyi.kernels._common import check_tensor, out_like

THREADS = 256
WAVES = THREADS // 64


@fx.struct
class _Scratch:
    red: fx.Array[fx.Float32, WAVES]


@flyc.kernel
def _row_reduce(X: fx.Tensor, Y: fx.Tensor, ncols: fx.Int32, op: fx.Constexpr[str]):
    row, tid = fx.block_idx.x, fx.thread_idx.x
    red = fx.SharedAllocator().allocate(_Scratch).peek().red.view(fx.make_layout(WAVES, 1))
    combine = _add if fx.const_expr(op == "sum") else maximum
    acc = fx.Float32(0.0) if fx.const_expr(op == "sum") else fx.Float32(float("-inf"))
    for c in range(tid, ncols, THREADS):
        acc = combine(acc, X[row, c].to(fx.Float32))
    r = block_allreduce(acc, combine, red, tid, WAVES)
    if tid == 0:
        Y[row] = r.to(Y.element_type)


@flyc.jit
def _launch(X, Y, ncols: fx.Int32, op: fx.Constexpr[str]):
    _row_reduce(X, Y, ncols, op).launch(grid=X.shape[0], block=THREADS)


def _reduce(op, x, out):
    check_tensor("x", x, ndim=2)
    rows, cols = x.shape
    if op == "max" and cols == 0:
        raise ValueError("max: the rows of x are empty (shape %s)" % (tuple(x.shape),))
    out = out_like(out, torch.empty(rows, dtype=x.dtype))
    if rows:
        _launch(x, out, cols, op)
    return out


def sum(x, out=None):  # noqa: A001 - the op's name, as torch's
    """The sum of each row of the 2-D tensor x (float32 accumulation), shape (rows,)."""
    return _reduce("sum", x, out)


def max(x, out=None):  # noqa: A001
    """The largest element of each row of the 2-D tensor x, shape (rows,)."""
    return _reduce("max", x, out)


def compile(x, op="sum"):
    """The CompiledKernel sum(x) (or max) launches."""
    return flyc.compile(_launch, x, torch.empty(x.shape[0], dtype=x.dtype, device="cuda"), x.shape[1], op)
