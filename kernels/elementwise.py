"""Elementwise ops: add(a, b), mul(a, b), axpy(alpha, x, y), cast(x, dtype).

The design, in the layout algebra's terms. A tensor of any shape is viewed flat, as the 1 x N layout
(1,N):(N,1), and cut into tiles of 1 x (THREADS * VEC) elements with flat_divide: block b takes tile b.
Inside a tile the tiled copy's TV layout gives thread t the VEC consecutive elements
t*VEC .. t*VEC+VEC-1 (thread layout (1,THREADS):(THREADS,1), value layout (1,VEC):(VEC,1)), so that one
copy atom moves 128 bits a thread: 4 float32 or 8 float16/bfloat16 elements, one global_load_dwordx4.
The last tile hangs over the end of the tensor: there (a runtime `if` on the block index) an identity
tensor (element (0, n) is the coordinate (0, n)) is tiled and partitioned exactly like the data, and
fx.elem_less of each coordinate against (1, N) is the predicate that keeps the copies inside, element by
element; every other tile copies whole 128-bit vectors. Arithmetic runs on the register fragments in
float32 and rounds once to the output type, as torch does for float16 and bfloat16.
"""
import torch

import flydsl.compiler as flyc
import flydsl.expr as fx

from flyi.kernels._common import DSL_TYPE, ceil_div, check_same, check_tensor, out_like

THREADS = 256


def _vec(*dtypes):
    """Elements per thread: 128 bits of the widest element type."""
    return 128 // max(torch.tensor([], dtype=d).element_size() * 8 for d in dtypes)


def _parts(t, tiled, tid, bid, n):
    """Thread tid's part of block bid's tile of the flat view of t, and its predicate."""
    flat = fx.make_view(fx.get_iter(t), fx.make_layout((1, n), (n, 1)))
    return tiled.get_slice(tid).partition_S(fx.flat_divide(flat, tiled.tile_mn)[None, None, 0, bid])


def _pred(tiled, tid, bid, n):
    coords = fx.make_view((0, 0), fx.make_identity_layout((1, n)))
    part = tiled.get_slice(tid).partition_S(fx.flat_divide(coords, tiled.tile_mn)[None, None, 0, bid])
    ok = fx.make_fragment_like(part, dtype=fx.Boolean)
    for i in fx.range_constexpr(fx.size(ok.shape).unpack()):
        ok[i] = fx.elem_less(part[i], (1, n))
    return ok


@flyc.kernel
def _binary(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor, n: fx.Int32, op: fx.Constexpr[str], alpha: fx.Float32,
            vec: fx.Constexpr[int]):
    tid, bid = fx.thread_idx.x, fx.block_idx.x
    atom = fx.make_copy_atom(fx.UniversalCopy(vec * A.element_type.width), A.element_type)
    tiled = fx.make_tiled_copy_tv(atom, fx.make_layout((1, THREADS), (THREADS, 1)), fx.make_layout((1, vec), (vec, 1)))
    sa, sb, dc = _parts(A, tiled, tid, bid, n), _parts(B, tiled, tid, bid, n), _parts(C, tiled, tid, bid, n)
    ra, rb, rc = fx.make_fragment_like(sa), fx.make_fragment_like(sb), fx.make_fragment_like(dc)
    whole = (bid + 1) * (THREADS * vec) <= n
    if whole:  # a tile inside the tensor: whole 128-bit copies
        fx.copy(atom, sa, ra)
        fx.copy(atom, sb, rb)
    else:  # the last tile: element by element, predicated
        ok = _pred(tiled, tid, bid, n)
        fx.copy(atom, sa, ra, pred=ok)
        fx.copy(atom, sb, rb, pred=ok)
    a, b = ra.load().to(fx.Float32), rb.load().to(fx.Float32)
    if fx.const_expr(op == "add"):
        r = a + b
    elif fx.const_expr(op == "mul"):
        r = a * b
    else:  # axpy
        r = a * alpha + b
    rc.store(r.to(C.element_type))
    if whole:
        fx.copy(atom, rc, dc)
    else:
        fx.copy(atom, rc, dc, pred=_pred(tiled, tid, bid, n))


@flyc.kernel
def _cast(X: fx.Tensor, Y: fx.Tensor, n: fx.Int32, vec: fx.Constexpr[int]):
    tid, bid = fx.thread_idx.x, fx.block_idx.x
    load = fx.make_copy_atom(fx.UniversalCopy(vec * X.element_type.width), X.element_type)
    store = fx.make_copy_atom(fx.UniversalCopy(vec * Y.element_type.width), Y.element_type)
    # one TV layout, two copies: each moves vec elements of its own type a thread
    thr, val = fx.make_layout((1, THREADS), (THREADS, 1)), fx.make_layout((1, vec), (vec, 1))
    tx, ty = fx.make_tiled_copy_tv(load, thr, val), fx.make_tiled_copy_tv(store, thr, val)
    sx, dy = _parts(X, tx, tid, bid, n), _parts(Y, ty, tid, bid, n)
    rx, ry = fx.make_fragment_like(sx), fx.make_fragment_like(dy)
    whole = (bid + 1) * (THREADS * vec) <= n
    if whole:
        fx.copy(load, sx, rx)
    else:
        fx.copy(load, sx, rx, pred=_pred(tx, tid, bid, n))
    ry.store(rx.load().to(Y.element_type))
    if whole:
        fx.copy(store, ry, dy)
    else:
        fx.copy(store, ry, dy, pred=_pred(tx, tid, bid, n))


@flyc.jit
def _launch_binary(A, B, C, n: fx.Int32, op: fx.Constexpr[str], alpha: fx.Float32, vec: fx.Constexpr[int]):
    _binary(A, B, C, n, op, alpha, vec).launch(grid=ceil_div(n, THREADS * vec), block=THREADS)


@flyc.jit
def _launch_cast(X, Y, n: fx.Int32, vec: fx.Constexpr[int]):
    _cast(X, Y, n, vec).launch(grid=ceil_div(n, THREADS * vec), block=THREADS)


def _binary_op(op, a, b, alpha, out, names):
    check_tensor(names[0], a)
    check_tensor(names[1], b)
    check_same(names[1], b, a)
    out = out_like(out, a)
    n = a.numel()
    if n:
        _launch_binary(a.reshape(-1), b.reshape(-1), out.reshape(-1), n, op, float(alpha), _vec(a.dtype))
    return out


def add(a, b, out=None):
    """a + b, elementwise (same shape and dtype: float32, float16 or bfloat16)."""
    return _binary_op("add", a, b, 1.0, out, ("a", "b"))


def mul(a, b, out=None):
    """a * b, elementwise."""
    return _binary_op("mul", a, b, 1.0, out, ("a", "b"))


def axpy(alpha, x, y, out=None):
    """alpha * x + y, elementwise (alpha a Python number)."""
    return _binary_op("axpy", x, y, alpha, out, ("x", "y"))


def cast(x, dtype, out=None):
    """x converted to dtype (float32, float16, bfloat16), rounding to nearest even."""
    check_tensor("x", x)
    if dtype not in DSL_TYPE:
        raise TypeError("cast: dtype %s is not supported" % (dtype,))
    out = out_like(out, x, dtype=dtype)
    n = x.numel()
    if n:
        _launch_cast(x.reshape(-1), out.reshape(-1), n, _vec(x.dtype, dtype))
    return out


def compile(a, b=None):
    """The CompiledKernel add(a, b) launches (b defaults to a)."""
    b = a if b is None else b
    return flyc.compile(_launch_binary, a.reshape(-1), b.reshape(-1), torch.empty_like(a).reshape(-1), a.numel(),
                        "add", 1.0, _vec(a.dtype))
