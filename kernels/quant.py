"""per_token_quant_fp8(x) -> (q, scale) and dequant_fp8(q, scale, dtype): one float32 scale a row (a
"token"), fp8 values in the target's own e4m3 format.

The format: gfx942 converts to and from FNUZ e4m3 (torch.float8_e4m3fnuz, largest value 240, no -0 and
no infinities), gfx950 to and from OCP e4m3 (torch.float8_e4m3fn, largest value 448); flydsl's
get_rocm_arch() (the session's target) picks it, and fp8_dtype() says which.

The design, in the layout algebra's terms. x is viewed as its 2-D (rows, cols) layout and cut with
zipped_divide by the tile (1, VEC), VEC the elements of 128 bits (4 float32 or 8 float16/bfloat16): tile
(row, k) is the k-th run of VEC consecutive elements of a row, which one copy atom moves a thread in one
global_load_dwordx4 into a register fragment. One block of 256 threads takes a row and walks its tiles
k = t, t + 256, ... in a runtime loop, twice: the first pass keeps the largest |x| of the thread's
elements, the block combines them (xor shuffles in each wave, LDS across the four waves), and the row's
scale is absmax / FP8_MAX (so that the largest element lands on the format's largest value; an all-zero
row gets a tiny scale instead of 0); the second pass reads the tiles again, multiplies the fragment by
1 / scale and converts it to fp8 as one vector (packed v_cvt_pk_fp8_f32, two values an instruction), and
stores VEC bytes a thread through the same tile of q's layout. A row whose length is not a multiple of
VEC (its tiles would not be 16-byte aligned) uses VEC = 1: the same code, one element a tile.
dequant_fp8 is the same walk in one pass: q * scale[row], rounded to dtype.
"""
import torch

import flydsl.compiler as flyc
import flydsl.expr as fx
from flydsl.runtime.device import get_rocm_arch

from flyi.kernels._block import WAVE, block_allreduce, maximum
from flyi.kernels._common import DSL_TYPE, check_tensor

THREADS = 256
WAVES = THREADS // WAVE
FP8_MAX = {torch.float8_e4m3fnuz: 240.0, torch.float8_e4m3fn: 448.0}
TINY = 1e-12  # the smallest absmax a scale is made from (an all-zero row)


def fp8_dtype():
    """The torch dtype of the target's fp8 e4m3 format: float8_e4m3fn on gfx950, float8_e4m3fnuz on gfx942."""
    return torch.float8_e4m3fn if get_rocm_arch().startswith("gfx950") else torch.float8_e4m3fnuz


@fx.struct
class _Scratch:
    red: fx.Array[fx.Float32, WAVES]


def _tile(T, row, k, vec):
    return fx.slice(fx.zipped_divide(T, fx.make_tile(1, vec)), (None, (row, k)))


@flyc.kernel
def _quant_rows(X: fx.Tensor, Q: fx.Tensor, S: fx.Tensor, ntiles: fx.Int32, vec: fx.Constexpr[int],
                fmax: fx.Constexpr[float]):
    row, tid = fx.block_idx.x, fx.thread_idx.x
    red = fx.SharedAllocator().allocate(_Scratch).peek().red.view(fx.make_layout(WAVES, 1))
    load = fx.make_copy_atom(fx.UniversalCopy(vec * X.element_type.width), X.element_type)
    store = fx.make_copy_atom(fx.UniversalCopy(vec * 8), Q.element_type)
    amax = fx.Float32(0.0)
    for k in range(tid, ntiles, THREADS):
        src = _tile(X, row, k, vec)
        r = fx.make_fragment_like(src)
        fx.copy(load, src, r)
        v = r.load().to(fx.Float32)
        amax = fx.max(amax, fx.max(v.reduce("max"), -v.reduce("min")))
    amax = block_allreduce(amax, maximum, red, tid, WAVES)
    scale = fx.max(amax, fx.Float32(TINY)) * (1.0 / fmax)
    inv = 1.0 / scale
    for k in range(tid, ntiles, THREADS):
        src, dst = _tile(X, row, k, vec), _tile(Q, row, k, vec)
        r, rq = fx.make_fragment_like(src), fx.make_fragment_like(dst)
        fx.copy(load, src, r)
        rq.store((r.load().to(fx.Float32) * inv).to(Q.element_type))
        fx.copy(store, rq, dst)
    if tid == 0:
        S[row] = scale


@flyc.kernel
def _dequant_rows(Q: fx.Tensor, S: fx.Tensor, Y: fx.Tensor, ntiles: fx.Int32, vec: fx.Constexpr[int]):
    row, tid = fx.block_idx.x, fx.thread_idx.x
    load = fx.make_copy_atom(fx.UniversalCopy(vec * 8), Q.element_type)
    store = fx.make_copy_atom(fx.UniversalCopy(vec * Y.element_type.width), Y.element_type)
    scale = S[row]
    for k in range(tid, ntiles, THREADS):
        src, dst = _tile(Q, row, k, vec), _tile(Y, row, k, vec)
        r, ry = fx.make_fragment_like(src), fx.make_fragment_like(dst)
        fx.copy(load, src, r)
        ry.store((r.load().to(fx.Float32) * scale).to(Y.element_type))
        fx.copy(store, ry, dst)


@flyc.jit
def _launch_quant(X, Q, S, ntiles: fx.Int32, vec: fx.Constexpr[int], fmax: fx.Constexpr[float]):
    _quant_rows(X, Q, S, ntiles, vec, fmax).launch(grid=X.shape[0], block=THREADS)


@flyc.jit
def _launch_dequant(Q, S, Y, ntiles: fx.Int32, vec: fx.Constexpr[int]):
    _dequant_rows(Q, S, Y, ntiles, vec).launch(grid=Q.shape[0], block=THREADS)


def _vec(cols, dtype):
    """Elements a tile: 128 bits of dtype when they divide the row, else 1."""
    v = 16 // torch.tensor([], dtype=dtype).element_size()
    return v if cols % v == 0 else 1


def _rows(x):
    """x as (rows, cols): the leading dimensions flattened (x has at least one dimension)."""
    if x.dim() == 0:
        raise ValueError("x must have at least one dimension (the tokens' last dimension)")
    rows = 1
    for d in x.shape[:-1]:
        rows *= d
    return x.reshape(rows, x.shape[-1]), x.shape[-1]


def _quant_args(x):
    check_tensor("x", x)
    dt = fp8_dtype()
    x2, cols = _rows(x)
    q = torch.empty(tuple(x.shape), dtype=dt, device="cuda")
    scale = torch.empty(tuple(x.shape[:-1]) + (1,), dtype=torch.float32, device="cuda")
    vec = _vec(cols, x.dtype)
    return x2, q.reshape(x2.shape), scale.reshape(-1), cols // vec, vec, FP8_MAX[dt], q, scale


def per_token_quant_fp8(x):
    """(q, scale) for x (..., cols) of float32/float16/bfloat16: scale (..., 1) float32 = max |x| of the
    row / FP8_MAX, q = x / scale in the target's fp8 e4m3 dtype (fp8_dtype()), same shape as x."""
    x2, q2, s1, ntiles, vec, fmax, q, scale = _quant_args(x)
    if x2.shape[0] and ntiles:
        _launch_quant(x2, q2, s1, ntiles, vec, fmax)
    elif x2.shape[0]:
        scale.fill_(TINY / fmax)
    return q, scale


def dequant_fp8(q, scale, dtype=torch.float32):
    """q * scale (scale of shape (..., 1) as per_token_quant_fp8 returns it) in dtype (float32, float16,
    bfloat16)."""
    check_tensor("q", q, dtypes=tuple(FP8_MAX))
    check_tensor("scale", scale, dtypes=(torch.float32,))
    if dtype not in DSL_TYPE:
        raise TypeError("dequant_fp8: dtype %s is not supported (%s)" % (dtype, ", ".join(str(d) for d in DSL_TYPE)))
    if q.dim() == 0 or tuple(scale.shape) != tuple(q.shape[:-1]) + (1,):
        raise ValueError("scale: shape %s, expected %s (one scale a row of q)" % (
            tuple(scale.shape), tuple(q.shape[:-1]) + (1,) if q.dim() else "(a q of at least 1 dimension)"))
    q2, cols = _rows(q)
    y = torch.empty(tuple(q.shape), dtype=dtype, device="cuda")
    vec = _vec(cols, dtype)
    if q2.shape[0] and cols:
        _launch_dequant(q2, scale.reshape(-1), y.reshape(q2.shape), cols // vec, vec)
    return y


def compile(x, op="quant"):
    """The CompiledKernel per_token_quant_fp8(x) launches (op="dequant": dequant_fp8 of its result)."""
    x2, q2, s1, ntiles, vec, fmax, q, scale = _quant_args(x)
    if op == "quant":
        return flyc.compile(_launch_quant, x2, q2, s1, ntiles, vec, fmax)
    y = torch.empty(tuple(q2.shape), dtype=x.dtype, device="cuda")
    return flyc.compile(_launch_dequant, q2, s1, y, ntiles, vec)
