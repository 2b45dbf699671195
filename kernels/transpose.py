"""transpose(x): the 2-D tensor x (M, N) transposed into a new contiguous (N, M) tensor, through LDS.

The design: a block of 256 threads moves one 32 x 32 tile. Reading x row by row and writing y row by row
needs the tile turned around in between, and LDS is where a block can exchange elements. Thread
(ty, tx) = (t // 32, t % 32) reads x[r0 + ty + 8k, c0 + tx] for k = 0..3 (each wave reads two rows of 32
consecutive elements: coalesced), stores them into the tile, waits at a barrier, then reads the tile's
column and writes y[c0 + ty + 8k, r0 + tx] (coalesced again).

Stored plainly (row-major, 32 floats a row), the column read would hit one LDS bank 32 times: gfx942 and
gfx950 have 32 banks of 4 bytes, and every element of a column is 32 words apart. The tile is therefore
the swizzled layout Swizzle<5,0,5> o (32,32):(32,1): element (r, c) lives at r * 32 + (c XOR r), so a row
still covers all 32 banks once and so does a column (c fixed, r = 0..31 gives 32 different c XOR r).
Edge tiles are guarded element by element. The tile holds float32; x's elements are converted on the
way in and rounded back on the way out (exact for float16 and bfloat16).
"""
import torch

import flydsl.compiler as flyc
import flydsl.expr as fx

from flyi.kernels._common import ceil_div, check_tensor, out_like

TILE = 32
THREADS = 256
STEP = THREADS // TILE  # rows a pass of the block covers


@fx.struct
class _Tile:
    t: fx.Array[fx.Float32, TILE * TILE]


@flyc.kernel
def _transpose_tiles(X: fx.Tensor, Y: fx.Tensor, M: fx.Int32, N: fx.Int32):
    tid = fx.thread_idx.x
    tx, ty = tid % TILE, tid // TILE
    r0, c0 = fx.block_idx.y * TILE, fx.block_idx.x * TILE
    s = fx.SharedAllocator().allocate(_Tile).peek().t.view(fx.make_layout(TILE * TILE, 1))
    for k in fx.range_constexpr(TILE // STEP):
        r = ty + k * STEP
        if r0 + r < M:
            if c0 + tx < N:
                s[r * TILE + (tx ^ r)] = X[r0 + r, c0 + tx].to(fx.Float32)
    fx.barrier()
    for k in fx.range_constexpr(TILE // STEP):
        c = ty + k * STEP  # the tile's column this thread's output row comes from
        if c0 + c < N:
            if r0 + tx < M:
                Y[c0 + c, r0 + tx] = s[tx * TILE + (c ^ tx)].to(Y.element_type)


@flyc.jit
def _launch(X, Y, M: fx.Int32, N: fx.Int32):
    _transpose_tiles(X, Y, M, N).launch(grid=(ceil_div(N, TILE), ceil_div(M, TILE), 1), block=THREADS)


def transpose(x, out=None):
    """x.t() as a new contiguous tensor (float32, float16 or bfloat16)."""
    check_tensor("x", x, ndim=2)
    m, n = x.shape
    out = out_like(out, torch.empty(n, m, dtype=x.dtype))
    if m and n:
        _launch(x, out, m, n)
    return out


def compile(x):
    """The CompiledKernel transpose(x) launches."""
    m, n = x.shape
    return flyc.compile(_launch, x, torch.empty(n, m, dtype=x.dtype, device="cuda"), m, n)
