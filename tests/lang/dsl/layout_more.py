# coshape, coprofile and tile_to_shape (CuTe definitions; expected values derived by hand).
import flydsl.compiler as flyc
import flydsl.expr as fx

# coshape = L(shape - 1) + 1: an int equal to cosize for integer strides, a tuple for basis strides.
A = fx.make_layout((4, 8), (1, 4))
print("coshape", fx.coshape(A), "cosize", fx.cosize(A), "coprofile", fx.coprofile(A))
print("coshape", fx.coshape(fx.make_layout((8, 128), (1, 16))), fx.coshape(fx.make_layout((4, 8), (2, 16))))
print("coshape broadcast", fx.coshape(fx.make_layout((4, 8), (0, 0))))
print("coshape nested", fx.coshape(fx.make_layout(((2, 4), 8), ((1, 2), 8))))
I = fx.make_identity_layout((4, 8))
print(I, "coshape", fx.coshape(I), "coprofile", fx.coprofile(I))
print("coshape", fx.coshape(fx.make_identity_layout(((2, 4), 8))), fx.coprofile(fx.make_identity_layout(((2, 4), 8))))
print("coshape", fx.coshape(fx.make_identity_layout((4, 1))))
print("coshape transposed", fx.coshape(fx.make_layout((8, 4), (fx.E(1), fx.E(0)))))
print("coshape scaled", fx.coshape(fx.make_layout((2, 3), (fx.Basis(2, [0]), fx.E(1)))))
T = fx.make_view(fx.make_coord(0, 0), I)
print("coshape of", T, fx.coshape(T))

# Composed layouts: the inner layout's codomain; a swizzle permutes 0..63.
S = fx.make_composed_layout(fx.static(fx.SwizzleType.get(3, 0, 3)), fx.make_layout((8, 8), (8, 1)))
print(S, fx.coshape(S), fx.coprofile(S))
C = fx.make_composed_layout(fx.make_layout(32, 2), fx.make_layout((4, 8), (1, 4)))
print(C, fx.coshape(C))
# coprofile is the default offset of make_composed_layout
Z = fx.static(fx.SwizzleType.get(3, 0, 3))
print(fx.make_composed_layout(Z, I), fx.make_composed_layout(Z, fx.coprofile(I), I))
print(fx.make_composed_layout(Z, A), fx.make_composed_layout(Z, fx.coprofile(A), A))

# tile_to_shape: copies of the block, column-major unless ordered.
B = fx.make_layout((2, 2), (2, 1))
print("tile_to_shape", fx.tile_to_shape(B, (4, 6)))
print("tile_to_shape", fx.tile_to_shape(B, (4, 6), (1, 0)))
print("tile_to_shape", fx.tile_to_shape(B, fx.make_shape(4, 6), ord_shape=(0, 1)))
print("tile_to_shape", fx.tile_to_shape(fx.make_layout(8, 1), (16, 4)))
print("tile_to_shape", fx.tile_to_shape(fx.make_layout(8, 1), 32))
print("tile_to_shape", fx.tile_to_shape(fx.make_layout((8, 8), (8, 1)), (32, 64)))
print("tile_to_shape", fx.tile_to_shape(A, (4, 8)), fx.tile_to_shape(A, ((4, 2), 8)))
print("size", fx.size(fx.tile_to_shape(B, (4, 6))), "cosize", fx.cosize(fx.tile_to_shape(B, (4, 6))))

for f in (lambda: fx.tile_to_shape(B, (5, 4)),
          lambda: fx.tile_to_shape(fx.make_layout((2, 2, 2), (1, 2, 4)), (4, 4)),
          lambda: fx.tile_to_shape(B, (4, 6), (0, 1, 2)),
          lambda: fx.tile_to_shape((2, 2), (4, 4)),
          lambda: fx.coshape(fx.make_layout((4, 8), (1, fx.E(1)))),
          lambda: fx.coshape(5)):
    try:
        print("unexpected", f())
    except (ValueError, TypeError) as e:
        print(type(e).__name__ + ":", e)


# The same inside a jit function that launches no kernel.
@flyc.jit
def show():
    L = fx.make_layout((4, 8), (8, 1))
    print("jit", fx.coshape(L), fx.coprofile(fx.make_identity_layout((4, 8))),
          fx.tile_to_shape(fx.make_layout((2, 2), (1, 2)), (4, 4)))


show()
