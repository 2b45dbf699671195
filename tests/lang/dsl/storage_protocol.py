# FlyDSL's Storable protocol (flydsl.expr._storage, trace_smem.c): fx.Storage[T] is a typed address, a class per
# target type (cached, named Storage[T]) whose .field views a struct's / union's field at its byte offset
# through flydsl.expr.struct.add_offset; fx.Array types are cached and carry dtype / size / align, with
# FlyDSL's parameter errors; dsl_size_of refuses sub-byte numerics and non-Storable types; fx.Arena is a bump
# allocator whose base pointer a subclass supplies; fx.Align and @fx.struct delegate peek / poke; a union
# has no value form. Offsets are made symbolic here, as (base, offset) pairs, to show where each view points.
import importlib

import flydsl.expr as fx
from flydsl.compiler.protocol import dsl_align_of, dsl_size_of, peek_from_ptr

struct_module = importlib.import_module("flydsl.expr.struct")


@fx.struct
class Pair:
    left: fx.Int32
    right: fx.Float32


@fx.struct
class Params:
    tile: fx.Constexpr[int]
    scale: fx.Float32


@fx.union
class Scratch:
    fp16: fx.Array[fx.Float16, 128]
    fp32: fx.Array[fx.Float32, 64]


@fx.struct
class Outer:
    head: fx.Int8
    pair: Pair
    scratch: Scratch


def attempt(what, f):
    try:
        r = f()
        print(what, "->", r)
    except Exception as e:
        print(what, "->", type(e).__name__ + ":", e)


real_add_offset = struct_module.add_offset
struct_module.add_offset = lambda ptr, off: (ptr, off)

S = fx.Storage[Pair]
print(S.__name__, S._target_type is Pair, S is fx.Storage[Pair], fx.Storage[fx.Int32].__name__)
s = fx.Storage[Outer]("base")
print(type(s.pair).__name__, object.__getattribute__(s.pair, "_ptr"))
print(type(s.pair.right).__name__, object.__getattribute__(s.pair.right, "_ptr"))
print(type(s.scratch.fp16).__name__, object.__getattribute__(s.scratch.fp16, "_ptr"),
      object.__getattribute__(s.scratch.fp32, "_ptr"))
attempt("missing field", lambda: fx.Storage[Pair](None).missing)
attempt("constexpr field", lambda: fx.Storage[Params](None).tile)
attempt("no pointer", lambda: fx.Storage[Pair](None).left)
attempt("peek without pointer", lambda: fx.Storage[fx.Int32](None).peek())
attempt("union peek", lambda: Scratch.__peek_from_ptr__(None))
attempt("union poke", lambda: Scratch.__poke_into_ptr__(None, None))
struct_module.add_offset = real_add_offset

# fx.Array types
A = fx.Array[fx.Float32, 32, 16]
print(A, A.dtype, A.size, A.align, dsl_size_of(A), dsl_align_of(A), A.__dsl_size_of__())
print(fx.Array[fx.Int64, 8], fx.Array[fx.Int64, 8].align, fx.Array[fx.Int32, 64] is fx.Array[fx.Int32, 64],
      fx.Array[fx.Int32, 64] is fx.Array[fx.Int32, 64, 8])
attempt("Array[object, 4]", lambda: fx.Array[object, 4])
attempt("Array[Int32, 0]", lambda: fx.Array[fx.Int32, 0])
attempt("Array[Int32, 4, 0]", lambda: fx.Array[fx.Int32, 4, 0])
attempt("Array[Int32]", lambda: fx.Array[fx.Int32])
attempt("Array poke", lambda: fx.Array[fx.Int32, 64].__poke_into_ptr__(None, None))

# sizes
attempt("dsl_size_of(Boolean)", lambda: dsl_size_of(fx.Boolean))
attempt("dsl_size_of(Int4)", lambda: dsl_size_of(fx.Int4))
attempt("dsl_size_of(Vector)", lambda: dsl_size_of(fx.Vector))
attempt("dsl_size_of(3)", lambda: dsl_size_of(3))
print(dsl_size_of(Outer), dsl_align_of(Outer))


# a Storable written in Python: fx.Align and a struct delegate to it
class Word:
    @classmethod
    def __dsl_size_of__(cls):
        return 4

    @classmethod
    def __dsl_align_of__(cls):
        return 4

    @classmethod
    def __peek_from_ptr__(cls, ptr):
        return ("peeked", ptr)

    @classmethod
    def __poke_into_ptr__(cls, ptr, value):
        print("poked", ptr, value)


W = fx.Align[Word, 16]
print(W, dsl_size_of(W), dsl_align_of(W), W.__peek_from_ptr__("p"), peek_from_ptr(Word, "q"))
W.__poke_into_ptr__("p", 7)

# fx.Arena
arena = fx.Arena()
print(arena.allocated_bytes, fx.Arena.DEFAULT_BASE_ALIGNMENT)
attempt("Arena().base_ptr", lambda: arena.base_ptr)


class Symbolic(fx.Arena):
    @property
    def base_ptr(self):
        return "arena"


struct_module.add_offset = lambda ptr, off: (ptr, off)
a = Symbolic()
for what in (fx.Int8, Pair, 10, fx.Array[fx.Float16, 3]):
    st = a.allocate(what)
    print(type(st).__name__, object.__getattribute__(st, "_ptr"), a.allocated_bytes)
st = a.allocate(fx.Int32, alignment=64)
print(type(st).__name__, object.__getattribute__(st, "_ptr"), a.allocated_bytes)
attempt("allocate(0)", lambda: a.allocate(0))
attempt("allocate(object)", lambda: a.allocate(object))
struct_module.add_offset = real_add_offset

# a pointer's element type is an MLIR type: a composite's typed address is fx.Storage[T]
for target in (Pair, Scratch, fx.Array[fx.Int32, 4]):
    attempt(f"PointerType.get({target.__name__})", lambda: fx.PointerType.get(elem_ty=target))
print(fx.PointerType.get(fx.Int32, fx.AddressSpace.Shared))
attempt("Struct['t': Tensor]", lambda: fx.Struct["t": fx.Tensor])
