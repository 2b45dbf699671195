# IntTuple and Layout properties as FlyDSL's (rank: top-level modes, a leaf's is 1; depth; is_leaf;
# is_static) and fx.AddressSpace's numbers as FlyDSL's enum (Generic 0, Global 1, Shared 2, Register 3),
# which fx.PointerType.get and fx.MemRefType.get take as plain ints too.
import flydsl.expr as fx

for t in (fx.make_shape(8), fx.make_shape(4, (2, 3)), fx.make_stride(1, (4, (8, 16)))):
    print(t, t.rank, t.depth, t.is_leaf, t.is_static)
for L in (fx.make_layout(8, 1), fx.make_layout((4, (2, 3)), (1, (4, 8)))):
    print(L, L.rank, L.depth, L.is_leaf, L.is_static)
A = fx.AddressSpace
print(int(A.Generic), int(A.Global), int(A.Shared), int(A.Register))
print(fx.PointerType.get(fx.Int8.ir_type, 1, 512), fx.PointerType.get(fx.Float32.ir_type, A.Shared, 16))
print(fx.MemRefType.get(fx.Float32, fx.LayoutType.get(4, 1), 3), fx.MemRefType.get(fx.Float32, fx.LayoutType.get(4, 1), A.Global))
try:
    fx.MemRefType.get(fx.Float32, fx.LayoutType.get(4, 1), 7)
except ValueError as e:
    print("ValueError:", e)
