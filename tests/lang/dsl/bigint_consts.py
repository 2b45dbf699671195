# Python ints are arbitrary precision; kernel scalars and layout shapes are not. A numeric constructor wraps
# any int to the type's width, as FlyDSL's does (Uint64(2**64) is 0; a static Uint128/Int128 holds all 128
# bits, see int128_static.py); a layout shape or stride beyond 64 bits
# raises OverflowError giving its bit length (see numeric_construct.py for the wrapping within 64 bits).
import flydsl.expr as fx

def show(f):
    try:
        return repr(f())
    except Exception as e:
        return type(e).__name__ + ": " + str(e)

print(show(lambda: fx.Int32(2**70)), show(lambda: fx.Int64(-2**64)), show(lambda: fx.Uint64(2**64)))
print(show(lambda: fx.Int64(2**63 - 1)), show(lambda: fx.Int32(2**63 - 1)), show(lambda: fx.Float32(2**70)))
print(show(lambda: fx.Float64(2**1024)), show(lambda: fx.Int32(7) + 2**64), show(lambda: fx.Int32(7) + (2**64 - 2**64 + 5)))
print(show(lambda: fx.make_layout((2**64, 2), (1, 2))), show(lambda: fx.make_layout((4, 8), (1, 2**65))))
print(show(lambda: fx.make_layout((4, 8), (1, 4))), show(lambda: fx.composition(fx.make_layout((4, 8), (1, 4)), 2**80)))
print(show(lambda: fx.Uint64(2**64 - 1)), show(lambda: fx.Uint64(2**63)), show(lambda: fx.Int64(2**63)), show(lambda: fx.Uint32(2**64 - 1)))
print(show(lambda: int(fx.Uint64(2**64 - 1))), show(lambda: fx.Uint64(2**64)))
print(int(fx.Float32(2**70)), int(fx.Float64(-1e30)), show(lambda: int(fx.Float32(float("inf")))))
print(show(lambda: fx.Uint128(2**128 + 9)), show(lambda: fx.Int64(-2**70 - 3)), show(lambda: fx.Int8(2**100 + 200)))
print(show(lambda: fx.Uint128(2**100)))
