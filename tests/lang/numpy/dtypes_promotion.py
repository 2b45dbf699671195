# numpy dtypes, scalar types and numpy 1.24's type promotion (value-based for scalars).
import numpy as np

names = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float16", "float32",
         "float64"]
for n in names:
    d = np.dtype(n)
    print(repr(d), d.name, d.kind, d.char, d.itemsize, d.str, d.type, d == n, d == d.type)
print(np.dtype(float), np.dtype(int), np.dtype(bool), np.dtype("f4"), np.dtype("<u8"), np.dtype(np.uint16))
print(np.float32.__name__, np.bool_, np.int_, np.float_, np.double, np.intc, np.uint)
for a in names:
    print(a, " ".join(str(np.promote_types(a, b)) for b in names))
# arrays with Python scalars, numpy scalars and 0-d arrays
for dt in ["int8", "uint8", "int32", "uint32", "uint64", "float16", "float32"]:
    x = np.zeros(3, dtype=dt)
    rs = [x + 1, x + 300, x + (-1), x + 70000, x + 2.5, x + True, x + np.uint32(5), x + np.float32(2.0),
          x + np.int64(-3), x + np.float64(1e300), x * np.array(2, dtype=np.int16), x / 2]
    print(dt, " ".join(str(r.dtype) for r in rs))
# scalar with scalar
for r in [np.uint8(200) + 1, np.float32(3) + 3.0, np.uint64(5) * np.uint64(3), np.int8(5) + np.int8(7),
          np.float16(1) + np.float32(2), np.uint32(7) - np.uint32(9), np.int32(7) // np.int32(2),
          np.float32(1.5) * 2, 2 ** np.uint64(3), np.uint64(1) + 1]:
    print(type(r).__name__, r)
print(np.result_type(np.int8, np.uint8), np.result_type(np.float16, np.int16), np.result_type(np.zeros(2, np.int8), 1))
print(np.issubdtype(np.float32, np.floating), np.issubdtype(np.int8, np.integer), np.issubdtype(np.uint8, np.signedinteger))
print(np.can_cast(np.int8, np.int16), np.can_cast(np.int64, np.float32))
print(repr(np.finfo(np.float32)), repr(np.finfo(np.float16)), repr(np.finfo(np.float64)))
print(np.finfo(np.float32).eps, np.finfo(np.float16).max, np.finfo(np.float32).tiny, np.finfo(np.float32).bits)
print(repr(np.iinfo(np.int8)), repr(np.iinfo(np.uint32)), np.iinfo(np.int64).max, np.iinfo(np.uint64).max)
print(np.float16(65504), np.float16(1e-4), np.float32(16777217), np.float32(1 / 3), np.float64(1 / 3))
print(np.float32(1e-5), np.float32(1e16), np.float32(123456.7), np.float32(-0.0), np.float16(0.1))
print(int(np.uint32(4294967295)), float(np.float16(0.1)), np.int8(-128), np.uint64(18446744073709551615))
print(np.float16(3.0).view(np.uint16), np.float32(1.0).view(np.uint32), np.uint32(0x3F800000).view(np.float32))
print(np.float32(2.5).astype(np.int32), np.int64(70000).astype(np.int16), np.float64(-2.7).astype(np.uint8))
print(np.bool_(True), np.bool_(0), np.isscalar(np.float32(1)), np.isscalar(np.zeros(2)), np.isscalar(3))
print(f"{np.float32(1.25):.3f} {np.int32(42):5d} {np.float64(0.5)}")
print(np.uint64(5) >> np.uint64(1), np.uint32(1) << np.uint32(31), np.int32(-8) >> 1)
try:
    np.uint64(5) >> 1
except TypeError as e:
    print("TypeError", e)
