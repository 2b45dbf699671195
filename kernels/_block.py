"""Reductions across a wave and across a block, the building blocks of the row kernels.

A wave's 64 lanes combine their values in log2(64) = 6 xor-shuffle steps (lane l exchanges with lane
l ^ 32, then l ^ 16, ... l ^ 1), after which every lane holds the wave's result. A block of several waves
then meets in LDS: lane 0 of each wave writes its wave's value into red[wave], a barrier, and every thread
combines the few values in order, so that all threads of the block agree on the result bit for bit.
"""
import flydsl.expr as fx

WAVE = 64


def wave_allreduce(v, op):
    """op-combined v over the lanes of the wave, in every lane."""
    for s in fx.range_constexpr(6):
        v = op(v, fx.shuffle_xor(v, 32 >> s, WAVE))
    return v


def block_allreduce(v, op, red, tid, waves):
    """op-combined v over the block's `waves` waves, in every thread; red is an LDS tensor of `waves`
    float32 elements (free again when this returns)."""
    v = wave_allreduce(v, op)
    if tid % WAVE == 0:
        red[tid // WAVE] = v
    fx.barrier()
    r = red[0]
    for w in fx.range_constexpr(1, waves):
        r = op(r, red[w])
    fx.barrier()
    return r


def add(a, b):
    return a + b


def maximum(a, b):
    return fx.max(a, b)
