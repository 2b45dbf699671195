# Inline composites (flydsl.expr._surface): fx.Struct["name": T, ...] and fx.Union["name": T, ...] are an
# fx.struct / fx.union type of those fields, and decorate a class as fx.struct / fx.union do; FlyDSL's
# ValueErrors for no fields, a duplicate name, an underscore name and a reserved one; a union has no value form.
import flydsl.expr as fx

P = fx.Struct["left": fx.Int32, "right": fx.Float32]
print(P, P(1, 2.0), P(right=4.0, left=3))
U = fx.Union["i": fx.Int32, "f": fx.Array[fx.Float16, 6]]
print(U, U._field_offsets)


@fx.Struct
class Q:
    a: fx.Int8
    v: fx.Int16x2


print(Q)

for expr in ('fx.Struct[()]', 'fx.Struct["a": fx.Int32, "a": fx.Float32]', 'fx.Union["_x": fx.Int32]',
             'fx.Struct["peek": fx.Int32]', 'fx.Struct["replace": fx.Int32]', 'fx.Struct[fx.Int32]',
             'U(1)'):
    try:
        eval(expr)
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)
