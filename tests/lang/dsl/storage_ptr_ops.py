# fx.Storage over a register pointer in a @flyc.jit body (FlyDSL's frontend-only checks): a struct's poke and
# peek are one fly.ptr.store / fly.ptr.load per field, an fx.Array's [i] = v / [i] are fly.ptr.store /
# fly.ptr.load and .view(layout) a fly.make_view; a struct with a Constexpr field peeks it from the type; an
# array value stands for its pointer in the value protocol.
import flydsl.compiler as flyc
import flydsl.expr as fx
from flydsl.compiler.protocol import extract_to_ir_values


@fx.struct
class Pair:
    left: fx.Int32
    right: fx.Float32


@fx.struct
class Config:
    n: fx.Constexpr[int]
    value: fx.Int32


def counts(ir):
    return {op: ir.count(op) for op in ("fly.ptr.store", "fly.ptr.load", "fly.make_view", "fly.memref.load")}


def pair_body():
    storage = fx.Storage[Pair](fx.get_iter(fx.make_rmem_tensor(2, fx.Int32)))
    storage.poke(Pair(fx.Int32(1), fx.Float32(2.0)))
    value = storage.peek()
    print("peeked:", type(value.left).__name__, type(value.right).__name__)


def array_body():
    arr = fx.Array[fx.Float32, 8].__peek_from_ptr__(fx.get_iter(fx.make_rmem_tensor(8, fx.Float32)))
    arr[0] = fx.Float32(1.0)
    _ = arr[1]
    _ = arr.view(fx.make_layout(8, 1))
    Buffers = fx.Struct["arr": fx.Array[fx.Float32, 8], "ptr": fx.Pointer]
    print("array + pointer values:", len(extract_to_ir_values(Buffers(arr, arr.ptr))))


def constexpr_body():
    value = Config(n=32, value=fx.Int32(7))
    storage = fx.Storage[type(value)](fx.get_iter(fx.make_rmem_tensor(1, fx.Int32)))
    storage.poke(value)
    peeked = storage.peek()
    print("constexpr:", peeked.n, type(peeked.value).__name__)


for body in (pair_body, array_body, constexpr_body):
    jit = flyc.jit(body)
    jit()
    print(body.__name__, counts(jit._last_compiled[1].source_ir))
