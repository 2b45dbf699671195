# flyi: run
# fx.SharedAllocator's Storage tree as FlyDSL's (trace_storage.c): ._target_type of every node (the allocated
# type, a field's annotation, Array[Uint8, n] for raw bytes), ._ptr of a leaf and of a union (one pointer all
# its members view; None for a struct), allocated_bytes counted as FlyDSL does (each allocation at its own
# alignment; base_alignment only for raw bytes), FlyDSL's errors (a constexpr field, allocate(0), an allocator
# outside a kernel, a second allocator). A union's pointer carries into an `if` on a dynamic value: written
# there through fx.recast_iter, fx.Storage[T] of it and a member view, read back after the barrier.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch


@fx.union
class Scratch:
    f: fx.Array[fx.Float32, 64]
    i: fx.Array[fx.Int32, 64]


@fx.struct
class Params:
    tile: fx.Constexpr[int]
    scale: fx.Float32


@fx.struct
class Tree:
    head: fx.Int32
    params: Params
    scratch: Scratch


def attempt(what, f):
    try:
        print(what, "->", f())
    except Exception as e:
        print(what, "->", type(e).__name__ + ":", e)


@flyc.kernel
def tree(x: fx.Tensor, out: fx.Tensor):
    t = fx.thread_idx.x
    al = fx.SharedAllocator()
    st = al.allocate(Tree)
    print("tree", st._target_type is Tree, st.params._target_type is Params, st.head._target_type is fx.Int32,
          st.scratch.f._target_type is fx.Array[fx.Float32, 64], st._ptr)
    attempt("constexpr field", lambda: st.params.tile)
    attempt("allocate(0)", lambda: al.allocate(0))
    raw = al.allocate(100)
    print("raw", raw._target_type, al.allocated_bytes)
    al.allocate(fx.Int32, alignment=32)
    al.allocate(fx.Int32)
    print("bytes", al.allocated_bytes)
    p = st.scratch._ptr
    q = fx.recast_iter(fx.Float32, p)
    first = fx.Storage[fx.Float32](q)
    if t < 32:
        v = fx.make_view(q, fx.make_layout(64, 1))
        v[t] = x[t]
        w = fx.Storage[Scratch](p).f.peek()
        w[t + 32] = x[t] * 2.0
        first.poke(fx.Float32(-1.0))
    fx.barrier()
    out[t] = st.scratch.f.peek()[t]


@flyc.jit
def run(x, out):
    tree(x, out).launch(grid=1, block=64)


x = torch.arange(64, dtype=torch.float32).cuda()
out = torch.zeros(64).cuda()
run(x, out)
print(out[:4].tolist(), out[32:36].tolist())


@flyc.jit
def host_allocator():
    attempt("SharedAllocator in a jit function", lambda: fx.SharedAllocator())


host_allocator()


@flyc.kernel
def two():
    fx.SharedAllocator()
    fx.SharedAllocator()


@flyc.jit
def run_two():
    two().launch(grid=1, block=64)


attempt("two allocators", run_two)
