"""flydsl.extension._coop - fx.coop: reductions and scans across the lanes of a warp and the threads of a block.

Warp scope works with cross-lane shuffles (a butterfly of shuffle_xor for reductions, shuffle_up
rounds for scans); block scope folds per-warp results through a few slots of shared memory that
the caller allocates from the specialized class's SharedStorage. Results are valid in every
participating lane or thread. The ops are fx.ReductionOp members (ADD, MUL, MAX, MIN).
"""

import sys
import enum as _enum


def _fx():
    __import__("flydsl.expr")
    return sys.modules["flydsl.expr"]


def _fold(op, a, b):
    fx = _fx()
    R = fx.ReductionOp
    if op is R.ADD:
        return a + b
    if op is R.MUL:
        return a * b
    if op is R.MAX:
        return fx.max(a, b)
    if op is R.MIN:
        return fx.min(a, b)
    raise TypeError(f"unsupported ReductionOp, got {op!r}")


def _neutral(op, dtype):
    """The element op leaves unchanged (what lane 0 of an exclusive scan gets)."""
    R = _fx().ReductionOp
    if op is R.ADD:
        return dtype(0)
    if op is R.MUL:
        return dtype(1)
    if op is R.MAX or op is R.MIN:
        low = op is R.MAX
        if dtype.is_float:
            return dtype(float("-inf") if low else float("inf"))
        if dtype.signed:
            m = 1 << (dtype.width - 1)
            return dtype(-m if low else m - 1)
        return dtype(0 if low else (1 << dtype.width) - 1)
    raise TypeError(f"unsupported ReductionOp, got {op!r}")


def _pow2(v, what):
    if not isinstance(v, int) or v < 1 or v & (v - 1):
        raise ValueError(f"{what} must be a power of two, got {v!r}")


def _width(width, what):
    lanes = _fx().gpu.num_warp_threads()
    if width is None:
        return lanes
    _pow2(width, what)
    if width > lanes:
        raise ValueError(f"{what} must not exceed the target's {lanes}-lane warp, got {width}")
    return width


def _dtype_of(v):
    return v.dtype if hasattr(v, "dtype") else type(v)


def _with_init(v, op, init):
    return v if init is None else _fold(op, init, v)


# ---------------------------------------------------------------- warp scope


def portable_warp_reduce(value, op, *, width=None):
    """value folded with op over groups of width lanes (default: the warp); every lane gets its group's result."""
    gpu = _fx().gpu
    w = _width(width, "warp_reduce width")
    step = 1
    while step < w:
        value = _fold(op, value, gpu.shuffle_xor(value, step, w))
        step *= 2
    return value


def _inclusive(value, op, w):
    gpu = _fx().gpu
    pos = gpu.lane_id() % w
    step = 1
    while step < w:
        below = gpu.shuffle_up(value, step, w)
        value = (pos >= step).select(_fold(op, below, value), value)
        step *= 2
    return value


def _exclusive_of(inc, op, w):
    gpu = _fx().gpu
    pos = gpu.lane_id() % w
    prev = gpu.shuffle_up(inc, 1, w)
    return (pos >= 1).select(prev, _neutral(op, _dtype_of(inc)))


def _group_total(inc, w):
    gpu = _fx().gpu
    last = (gpu.lane_id() // w) * w + (w - 1)
    return gpu.shuffle_idx(inc, last, w)


def portable_warp_inclusive_scan(value, op, *, width=None, init=None):
    """Lane k of each width-lane group gets lanes 0..k folded (init, when given, folded in front)."""
    w = _width(width, "warp_inclusive_scan width")
    return _with_init(_inclusive(value, op, w), op, init)


def portable_warp_exclusive_scan(value, op, *, width=None, init=None):
    """Lane k gets lanes 0..k-1 folded; lane 0 gets init, or op's identity without one."""
    w = _width(width, "warp_exclusive_scan width")
    return _with_init(_exclusive_of(_inclusive(value, op, w), op, w), op, init)


def portable_warp_scan(value, op, *, width=None, init=None):
    """(inclusive, exclusive) from one scan."""
    w = _width(width, "warp_scan width")
    inc = _inclusive(value, op, w)
    return _with_init(inc, op, init), _with_init(_exclusive_of(inc, op, w), op, init)


def portable_warp_scan_with_aggregate(value, op, *, width=None, init=None):
    """(inclusive, exclusive, aggregate): the aggregate is the group's total (init not folded in)."""
    w = _width(width, "warp_scan_with_aggregate width")
    inc = _inclusive(value, op, w)
    return _with_init(inc, op, init), _with_init(_exclusive_of(inc, op, w), op, init), _group_total(inc, w)


# ---------------------------------------------------------------- warp scope on gfx9: DPP sequences
# fx.coop.warp.rocdl: the same collectives folded with DPP moves (VALU) instead of LDS shuffles, for 32-bit scalars
# on gfx9 (flyi's gfx942 / gfx950); anything else (other widths, Vectors) takes the portable forms above.
# Every move passes op's identity as `old` with bound_ctrl off, so a lane the move reaches nothing for (a row's
# first lane under row_shr, row 0 under row_bcast:15, rows 0-1 under row_bcast:31, lane 0 under wave_shr:1, or a
# lane its row mask leaves out) folds the identity in, whatever op is.

_DPP_ROW_SHR = 0x110  # | n: lane reads lane - n within its 16-lane row
_DPP_WAVE_SHR1 = 0x138  # lane reads lane - 1 across the wave
_DPP_ROW_BCAST15 = 0x142  # row r reads lane 16r - 1
_DPP_ROW_BCAST31 = 0x143  # rows 2 and 3 read lane 31
# A butterfly step of distance d: quad_perm [1,0,3,2] and [2,3,0,1] are xor 1 and xor 2; row_half_mirror stands
# for xor 4 and row_ror:8 for xor 8 (once every quad, then every 8 lanes, holds one value, any lane of the
# partner group has it).
_DPP_XOR = {1: 0xB1, 2: 0x4E, 4: 0x141, 8: 0x128}
_SWIZZLE_XOR16 = (16 << 10) | 0x1F  # ds_swizzle's 32-lane mode: lane ^ 16


def _dpp_applies(value):
    fx = _fx()
    from flydsl.compiler.backends import current_target

    if not current_target().arch.startswith("gfx9") or not isinstance(value, fx.Numeric):
        return False
    dtype = _dtype_of(value)
    return getattr(dtype, "width", 0) == 32


def _dpp_move(value, ctrl, row_mask, old):
    from flydsl.expr.rocdl import update_dpp

    dtype = _dtype_of(value)
    return dtype(update_dpp(dtype.ir_type, old.ir_value(), value.ir_value(), ctrl, row_mask, 0xF, False))


def _swizzle(value, offset):
    fx = _fx()
    from flydsl.expr.rocdl import ds_swizzle

    dtype = _dtype_of(value)
    raw = value if dtype is fx.Int32 else value.bitcast(fx.Int32)
    moved = fx.Int32(ds_swizzle(fx.Int32.ir_type, raw.ir_value(), offset))
    return moved if dtype is fx.Int32 else moved.bitcast(dtype)


def _lane63(value):
    """Lane 63's value in every lane (v_readlane_b32 into an SGPR)."""
    fx = _fx()
    from flydsl.expr.rocdl import readlane

    dtype = _dtype_of(value)
    return dtype(readlane(dtype.ir_type, value.ir_value(), fx.Int32(63).ir_value()))


def _dpp_row_fold_up(acc, op, neutral):
    """Each 16-lane row's totals carried up: row_bcast:15 into rows 1 and 3, then row_bcast:31 into rows 2, 3."""
    acc = _fold(op, _dpp_move(acc, _DPP_ROW_BCAST15, 0xA, neutral), acc)
    return _fold(op, _dpp_move(acc, _DPP_ROW_BCAST31, 0xC, neutral), acc)


def _dpp_inclusive(value, op, w):
    gpu = _fx().gpu
    neutral = _neutral(op, _dtype_of(value))
    pos = gpu.lane_id() % w if w < 16 else None  # a group inside a row masks the reads from its neighbours
    acc, step = value, 1
    while step < min(w, 16):
        moved = _dpp_move(acc, _DPP_ROW_SHR | step, 0xF, neutral)
        if pos is not None:
            moved = (pos >= step).select(moved, neutral)
        acc = _fold(op, moved, acc)
        step *= 2
    if w > 16:
        acc = _fold(op, _dpp_move(acc, _DPP_ROW_BCAST15, 0xA, neutral), acc)
    if w > 32:
        acc = _fold(op, _dpp_move(acc, _DPP_ROW_BCAST31, 0xC, neutral), acc)
    return acc


def _dpp_exclusive_of(inc, op, w):
    gpu = _fx().gpu
    neutral = _neutral(op, _dtype_of(inc))
    shifted = _dpp_move(inc, _DPP_ROW_SHR | 1 if w <= 16 else _DPP_WAVE_SHR1, 0xF, neutral)
    if w < 16 or w == 32:  # the group's first lane is not where the row (or wave) starts
        shifted = (gpu.lane_id() % w == 0).select(neutral, shifted)
    return shifted


def _dpp_group_total(inc, w):
    if w == 64:
        return _lane63(inc)
    return _swizzle(inc, ((w - 1) << 5) | (0x1F & ~(w - 1)))  # every lane reads its group's last lane


def rocdl_warp_reduce(value, op, *, width=None):
    """warp_reduce through DPP: a full wave by the row_shr ladder and the row_bcast steps, then lane 63 read into
    an SGPR; a narrower group by a butterfly of DPP moves (ds_swizzle for the xor-16 step)."""
    w = _width(width, "warp_reduce width")
    if not _dpp_applies(value):
        return portable_warp_reduce(value, op, width=w)
    neutral = _neutral(op, _dtype_of(value))
    acc = value
    if w == 64:
        for step in (1, 2, 4, 8):
            acc = _fold(op, acc, _dpp_move(acc, _DPP_ROW_SHR | step, 0xF, neutral))
        return _lane63(_dpp_row_fold_up(acc, op, neutral))
    step = 1
    while step < w:
        partner = _dpp_move(acc, _DPP_XOR[step], 0xF, neutral) if step in _DPP_XOR else _swizzle(acc, _SWIZZLE_XOR16)
        acc = _fold(op, acc, partner)
        step *= 2
    return acc


def rocdl_warp_inclusive_scan(value, op, *, width=None, init=None):
    w = _width(width, "warp_inclusive_scan width")
    if not _dpp_applies(value):
        return portable_warp_inclusive_scan(value, op, width=w, init=init)
    return _with_init(_dpp_inclusive(value, op, w), op, init)


def rocdl_warp_exclusive_scan(value, op, *, width=None, init=None):
    w = _width(width, "warp_exclusive_scan width")
    if not _dpp_applies(value):
        return portable_warp_exclusive_scan(value, op, width=w, init=init)
    return _with_init(_dpp_exclusive_of(_dpp_inclusive(value, op, w), op, w), op, init)


def rocdl_warp_scan(value, op, *, width=None, init=None):
    w = _width(width, "warp_scan width")
    if not _dpp_applies(value):
        return portable_warp_scan(value, op, width=w, init=init)
    inc = _dpp_inclusive(value, op, w)
    return _with_init(inc, op, init), _with_init(_dpp_exclusive_of(inc, op, w), op, init)


def rocdl_warp_scan_with_aggregate(value, op, *, width=None, init=None):
    w = _width(width, "warp_scan_with_aggregate width")
    if not _dpp_applies(value):
        return portable_warp_scan_with_aggregate(value, op, width=w, init=init)
    inc = _dpp_inclusive(value, op, w)
    return _with_init(inc, op, init), _with_init(_dpp_exclusive_of(inc, op, w), op, init), _dpp_group_total(inc, w)


# The target's collectives (fx.coop.warp_*, and what the block scope folds with): flyi compiles for gfx9 only, so
# the DPP forms, each falling back to the portable one for what it does not cover.
warp_reduce = rocdl_warp_reduce
warp_inclusive_scan = rocdl_warp_inclusive_scan
warp_exclusive_scan = rocdl_warp_exclusive_scan
warp_scan = rocdl_warp_scan
warp_scan_with_aggregate = rocdl_warp_scan_with_aggregate
WARP_NAMES = ["warp_reduce", "warp_inclusive_scan", "warp_exclusive_scan", "warp_scan", "warp_scan_with_aggregate"]


# ---------------------------------------------------------------- block scope


class BlockReduceAlgorithm(_enum.Enum):
    RAKING = "raking"
    RAKING_COMMUTATIVE_ONLY = "raking_commutative_only"
    WARP_REDUCTIONS = "warp_reductions"
    WARP_REDUCTIONS_NONDETERMINISTIC = "warp_reductions_nondeterministic"


class BlockScanAlgorithm(_enum.Enum):
    RAKING = "raking"
    RAKING_MEMOIZE = "raking_memoize"
    WARP_SCANS = "warp_scans"


def _block_dims(bs):
    dims = tuple(bs) if isinstance(bs, (tuple, list)) else (bs, 1, 1)
    if len(dims) != 3:
        raise TypeError(f"block_size must be an int or a 3-tuple, got {bs!r}")
    for name, d in zip(("block_dim_x", "block_dim_y", "block_dim_z"), dims):
        if not isinstance(d, int) or d < 1:
            raise TypeError(f"{name} must be a positive Python int, got {d!r}")
    return dims


def _storage_type(name, dtype, n):
    fx = _fx()
    return fx.struct(type(name, (), {"__annotations__": {"slots": fx.Array[dtype, n]}}))


def _thread_index(dims):
    gpu = _fx().gpu
    t = gpu.thread_idx.x
    if dims[1] > 1 or dims[2] > 1:
        t = t + gpu.thread_idx.y * dims[0] + gpu.thread_idx.z * (dims[0] * dims[1])
    return t


def _own_fold(value, op):
    """A thread's Vector of items folded to one value; a scalar as it is."""
    fx = _fx()
    return value.reduce(op) if isinstance(value, fx.Vector) else value


_specialized = {}


class BlockAlgorithmMeta(type):
    """The [dtype, block_size(, algorithm)] specialization every block collective shares
    (flydsl.extension.coop.block._spec). A concrete metaclass gives _algorithms (its policy enum),
    _shared_storage (policy -> storage(dtype, block_threads, warp_threads), the policies implemented) and
    _default_algorithm_for(target), asked when the caller names no policy; the default is resolved before the
    cache key is made, so two targets' answers never share a class."""

    _algorithms = None
    _shared_storage = None

    def _default_algorithm_for(cls, target):
        raise NotImplementedError(f"{cls.__name__} must implement _default_algorithm_for")

    def __getitem__(cls, params):
        if cls.block_threads is not None:
            raise TypeError(f"{cls.__name__} is already specialized")
        if not isinstance(params, tuple):
            params = (params,)
        if not 2 <= len(params) <= 3:
            raise TypeError(f"{cls.__name__}[dtype, block_size, algorithm=...]")
        dtype = params[0]
        if len(params) > 2:
            algo = params[2]
        else:
            from flydsl.compiler.backends import current_target

            algo = cls._default_algorithm_for(current_target())
        if not isinstance(algo, cls._algorithms):
            raise TypeError(f"expected a {cls._algorithms.__name__}, got {algo!r}")
        dims = _block_dims(params[1])
        n = dims[0] * dims[1] * dims[2]
        _pow2(n, "block_dim_x * block_dim_y * block_dim_z")
        lanes = min(_fx().gpu.num_warp_threads(), n)  # a block narrower than the wave narrows the warp
        key = (cls, dtype, dims, algo, lanes)
        if key in _specialized:
            return _specialized[key]
        make_storage = (cls._shared_storage or {}).get(algo)
        if make_storage is None:
            raise NotImplementedError(f"{cls._algorithms.__name__}.{algo.name} is not implemented yet")
        sub = type(cls)(f"{cls.__name__}[{getattr(dtype, '__name__', dtype)}, {n}, {algo.name}]", (cls,), {
            "__module__": cls.__module__, "dtype": dtype, "block_size": dims, "block_threads": n, "algorithm": algo,
            "warp_threads": lanes, "num_warps": n // lanes, "SharedStorage": make_storage(dtype, n, lanes)})
        _specialized[key] = sub
        return sub


def _warp_slots(dtype, n, lanes):
    """One slot per warp (the warps' partial results)."""
    return _storage_type("SharedStorage", dtype, max(n // lanes, 1))


def _raking_slots(dtype, n, lanes):
    """One slot per thread, and one for the total."""
    return _storage_type("SharedStorage", dtype, n + 1)


class _BlockReduceMeta(BlockAlgorithmMeta):
    def _default_algorithm_for(cls, target):
        return BlockReduceAlgorithm.WARP_REDUCTIONS  # FlyDSL's measured choice on wave64 and wave32 alike

    def __call__(cls, value, op, *, storage):
        if cls.block_threads is None:
            raise TypeError("specialize first, e.g. BlockReduce[fx.Float32, 256]")
        fx = _fx()
        part = _own_fold(value, op)
        tid = _thread_index(cls.block_size)
        lanes, nw = cls.warp_threads, cls.num_warps
        if cls.algorithm is BlockReduceAlgorithm.RAKING and nw > 1:
            # every partial to shared memory; the first warp folds segments of it, then the warp
            slots, seg = storage.slots, cls.block_threads // lanes
            slots[tid] = part
            fx.gpu.barrier()
            if tid < lanes:
                acc = slots[tid * seg]
                for i in fx.range_constexpr(1, seg):
                    acc = _fold(op, acc, slots[tid * seg + i])
                acc = warp_reduce(acc, op, width=lanes)
                if tid == 0:
                    slots[cls.block_threads] = acc
            fx.gpu.barrier()
            return slots[cls.block_threads]
        total = warp_reduce(part, op, width=lanes)
        if nw == 1:
            return total
        slots = storage.slots
        if tid % lanes == 0:
            slots[tid // lanes] = total
        fx.gpu.barrier()
        acc = slots[0]
        for i in fx.range_constexpr(1, nw):
            acc = _fold(op, acc, slots[i])
        return acc


class BlockReduce(metaclass=_BlockReduceMeta):
    """Block-wide reduction: BlockReduce[dtype, block_size(, algorithm)](value, op, storage=...), storage allocated
    from the specialized class's SharedStorage; every thread gets the result."""

    __module__ = "flydsl.extension.coop.block.reduce"
    _algorithms = BlockReduceAlgorithm
    _shared_storage = {BlockReduceAlgorithm.WARP_REDUCTIONS: _warp_slots, BlockReduceAlgorithm.RAKING: _raking_slots}
    block_threads = None
    SharedStorage = None


class _BlockScanMeta(BlockAlgorithmMeta):
    def _default_algorithm_for(cls, target):
        return BlockScanAlgorithm.WARP_SCANS  # the one policy implemented

    def __call__(cls, *args, **kwargs):
        raise TypeError("use BlockScan[...].inclusive / .exclusive / .inclusive_with_aggregate / "
                        ".exclusive_with_aggregate")


class BlockScan(metaclass=_BlockScanMeta):
    """Block-wide scans in thread order: BlockScan[dtype, block_size].inclusive(value, op, storage=...) and
    .exclusive / .inclusive_with_aggregate / .exclusive_with_aggregate (the aggregate leaves init out)."""

    __module__ = "flydsl.extension.coop.block.scan"
    _algorithms = BlockScanAlgorithm
    _shared_storage = {BlockScanAlgorithm.WARP_SCANS: _warp_slots}
    block_threads = None
    SharedStorage = None

    @classmethod
    def inclusive(cls, value, op, *, storage, init=None):
        return cls._scan(value, op, storage, True, init)[0]

    @classmethod
    def exclusive(cls, value, op, *, storage, init=None):
        return cls._scan(value, op, storage, False, init)[0]

    @classmethod
    def inclusive_with_aggregate(cls, value, op, *, storage, init=None):
        return cls._scan(value, op, storage, True, init)

    @classmethod
    def exclusive_with_aggregate(cls, value, op, *, storage, init=None):
        return cls._scan(value, op, storage, False, init)

    @classmethod
    def _prefix(cls, part, op, storage):
        """(what precedes this thread, the block's total)."""
        fx = _fx()
        lanes, nw = cls.warp_threads, cls.num_warps
        inc, before, total = warp_scan_with_aggregate(part, op, width=lanes)
        if nw == 1:
            return before, total
        tid = _thread_index(cls.block_size)
        wid = tid // lanes
        slots = storage.slots
        if tid % lanes == lanes - 1:
            slots[wid] = inc
        fx.gpu.barrier()
        # warps in front, nearest last, so operands stay in thread order
        for i in fx.range_constexpr(nw - 2, -1, -1):
            before = (wid > i).select(_fold(op, slots[i], before), before)
        total = slots[0]
        for i in fx.range_constexpr(1, nw):
            total = _fold(op, total, slots[i])
        return before, total

    @classmethod
    def _scan(cls, value, op, storage, inclusive, init):
        if cls.block_threads is None:
            raise TypeError("specialize first, e.g. BlockScan[fx.Float32, 256]")
        fx = _fx()
        if not isinstance(value, fx.Vector):
            before, total = cls._prefix(value, op, storage)
            before = _with_init(before, op, init)
            return (_fold(op, before, value) if inclusive else before), total
        items = [value[i] for i in range(value.numel)]
        run = [items[0]]
        for x in items[1:]:
            run.append(_fold(op, run[-1], x))
        before, total = cls._prefix(run[-1], op, storage)
        before = _with_init(before, op, init)
        if inclusive:
            out = [_fold(op, before, r) for r in run]
        else:
            out = [before] + [_fold(op, before, r) for r in run[:-1]]
        return fx.Vector.from_elements(out), total


NAMES = ["warp_reduce", "warp_inclusive_scan", "warp_exclusive_scan", "warp_scan", "warp_scan_with_aggregate",
         "BlockReduceAlgorithm", "BlockReduce", "BlockScanAlgorithm", "BlockScan"]
