# FlyDSL's Basis values and Tile.unpack at the prompt: E() is the scalar 1, E takes its modes as ints or one
# sequence, a Basis has .value and .modes, scales by a Python int or a static integer value from either side
# (modes untouched), hashes by value (equal bases are one set member / dict key); get_leaves gives a tuple;
# Tile.unpack gives ints and nested tuples, a one-mode tile its mode.
import flydsl.expr as fx

print(fx.E(), fx.E(0), fx.E(0, 1), fx.E([0, 1]), fx.E((1, 2)) == fx.E(1, 2))
b = fx.Basis(2, [0, 1])
print(b.value, b.modes, fx.E(3).value, fx.E(3).modes)
print(b * 3, 3 * b, b * fx.Int32(5), (b * 4).modes, fx.E(0) * 2 == fx.Basis(2, [0]))
print(hash(fx.E(0)) == hash(fx.Basis(1, [0])), len({fx.Basis(1, [0]), fx.Basis(1, [0]), fx.E(1)}),
      {fx.Basis(2, [0]): "x"}[fx.Basis(2, [0])])
try:
    b * 1.5
except TypeError as e:
    print("TypeError:", e)
print(fx.get_leaves(fx.make_stride(fx.E(0), fx.make_stride(fx.E(1), fx.E(2)))))
print(fx.get_leaves(fx.make_int_tuple((4, (2, 8)))), fx.get_leaves(fx.make_int_tuple(5)))
print(fx.make_tile(256).unpack(), fx.make_tile(128, (8, 4)).unpack(), fx.make_tile(16, 32).unpack(),
      fx.make_tile(128, (8, 4)).rank)
