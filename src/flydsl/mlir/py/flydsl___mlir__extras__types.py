# flydsl._mlir.extras.types: type constructors of MLIR's extras (each a function: T.i32() is i32).
from flydsl._mlir import ir as _ir


def _int(w):
    f = lambda context=None: _ir.IntegerType.get_signless(w)
    f.__name__ = f"i{w}"
    return f


i1, i4, i8, i16, i32, i64, i128 = (_int(w) for w in (1, 4, 8, 16, 32, 64, 128))
bool = i1


def _ty(cls):
    return lambda context=None: cls.get()


index = _ty(_ir.IndexType)
f16, bf16, f32, f64 = (_ty(c) for c in (_ir.F16Type, _ir.BF16Type, _ir.F32Type, _ir.F64Type))
f8E4M3FN, f8E5M2, f8E4M3FNUZ, f8E5M2FNUZ, f8E8M0FNU = (_ty(c) for c in (
    _ir.Float8E4M3FNType, _ir.Float8E5M2Type, _ir.Float8E4M3FNUZType, _ir.Float8E5M2FNUZType, _ir.Float8E8M0FNUType))
none = _ty(_ir.NoneType)


def vector(*shape, element_type=None, scalable=None, scalable_dims=None):
    if element_type is None:
        shape, element_type = shape[:-1], shape[-1]
    return _ir.VectorType.get(list(shape), element_type)


def vec(n, element_type):
    return _ir.VectorType.get([int(n)], element_type)


def memref(*shape, element_type=None, memory_space=None, layout=None):
    if element_type is None:
        shape, element_type = shape[:-1], shape[-1]
    return _ir.MemRefType.get(list(shape), element_type, layout, memory_space)


def function(inputs, results):
    return _ir.FunctionType.get(inputs, results)


def llvm_ptr(address_space=None):
    from flydsl._mlir.dialects import llvm
    return llvm.PointerType.get(address_space)


def i(width, context=None):
    return _ir.IntegerType.get_signless(int(width))


# the type classes, as MLIR's extras.types re-exports them
VectorType, IntegerType, IndexType, MemRefType, FunctionType = (
    _ir.VectorType, _ir.IntegerType, _ir.IndexType, _ir.MemRefType, _ir.FunctionType)
F16Type, BF16Type, F32Type, F64Type = _ir.F16Type, _ir.BF16Type, _ir.F32Type, _ir.F64Type
