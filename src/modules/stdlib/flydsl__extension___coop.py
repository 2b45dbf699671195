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


def warp_reduce(value, op, *, width=None):
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


def warp_inclusive_scan(value, op, *, width=None, init=None):
    """Lane k of each width-lane group gets lanes 0..k folded (init, when given, folded in front)."""
    w = _width(width, "warp_inclusive_scan width")
    return _with_init(_inclusive(value, op, w), op, init)


def warp_exclusive_scan(value, op, *, width=None, init=None):
    """Lane k gets lanes 0..k-1 folded; lane 0 gets init, or op's identity without one."""
    w = _width(width, "warp_exclusive_scan width")
    return _with_init(_exclusive_of(_inclusive(value, op, w), op, w), op, init)


def warp_scan(value, op, *, width=None, init=None):
    """(inclusive, exclusive) from one scan."""
    w = _width(width, "warp_scan width")
    inc = _inclusive(value, op, w)
    return _with_init(inc, op, init), _with_init(_exclusive_of(inc, op, w), op, init)


def warp_scan_with_aggregate(value, op, *, width=None, init=None):
    """(inclusive, exclusive, aggregate): the aggregate is the group's total (init not folded in)."""
    w = _width(width, "warp_scan_with_aggregate width")
    inc = _inclusive(value, op, w)
    return _with_init(inc, op, init), _with_init(_exclusive_of(inc, op, w), op, init), _group_total(inc, w)


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


class _BlockMeta(type):
    def __getitem__(cls, params):
        if cls.block_threads is not None:
            raise TypeError(f"{cls.__name__} is already specialized")
        if not isinstance(params, tuple):
            params = (params,)
        if not 2 <= len(params) <= 3:
            raise TypeError(f"{cls.__name__}[dtype, block_size, algorithm=...]")
        dtype, dims = params[0], _block_dims(params[1])
        algo = params[2] if len(params) > 2 else cls._default
        if not isinstance(algo, cls._algorithms):
            raise TypeError(f"expected a {cls._algorithms.__name__}, got {algo!r}")
        n = dims[0] * dims[1] * dims[2]
        _pow2(n, "block_dim_x * block_dim_y * block_dim_z")
        lanes = min(_fx().gpu.num_warp_threads(), n)
        key = (cls.__name__, str(dtype), dims, algo, lanes)
        if key in _specialized:
            return _specialized[key]
        if algo not in cls._implemented:
            raise NotImplementedError(f"{cls._algorithms.__name__}.{algo.name} is not implemented yet")
        slots = n if algo is BlockReduceAlgorithm.RAKING else n // lanes
        sub = type(cls)(f"{cls.__name__}[{dtype}, {n}, {algo.name}]", (cls,), {
            "__module__": cls.__module__, "dtype": dtype, "block_size": dims, "block_threads": n, "algorithm": algo, "warp_threads": lanes,
            "num_warps": n // lanes,
            "SharedStorage": _storage_type("SharedStorage", dtype, max(slots + (1 if algo is
                                                                         BlockReduceAlgorithm.RAKING else 0), 1)),
        })
        _specialized[key] = sub
        return sub


class _BlockReduceMeta(_BlockMeta):
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
    _default = BlockReduceAlgorithm.WARP_REDUCTIONS
    _implemented = (BlockReduceAlgorithm.WARP_REDUCTIONS, BlockReduceAlgorithm.RAKING)
    block_threads = None
    SharedStorage = None


class _BlockScanMeta(_BlockMeta):
    def __call__(cls, *args, **kwargs):
        raise TypeError("use BlockScan[...].inclusive / .exclusive / .inclusive_with_aggregate / "
                        ".exclusive_with_aggregate")


class BlockScan(metaclass=_BlockScanMeta):
    """Block-wide scans in thread order: BlockScan[dtype, block_size].inclusive(value, op, storage=...) and
    .exclusive / .inclusive_with_aggregate / .exclusive_with_aggregate (the aggregate leaves init out)."""

    __module__ = "flydsl.extension.coop.block.scan"
    _algorithms = BlockScanAlgorithm
    _default = BlockScanAlgorithm.WARP_SCANS
    _implemented = (BlockScanAlgorithm.WARP_SCANS,)
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
