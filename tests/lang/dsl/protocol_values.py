# FlyDSL's value protocol (flydsl.compiler.protocol) on flyi's values: a Vector is an ir.Value (isinstance and
# issubclass, a vector alias too), its own one value (__extract_to_ir_values__ is [v]) and rebuilt from one by
# Vector.__construct_from_ir_values__ (an exemplar gives its shape and class); an fx.Array value is its pointer,
# rebuilt by the array type; a struct with Array and Pointer fields has one value per field; in a @flyc.jit
# host body that launches nothing a tensor argument (torch's, as flyi's host code holds it) is one value.
import torch

import flydsl.compiler as flyc
import flydsl.expr as fx
from flydsl._mlir import ir
from flydsl.compiler.protocol import construct_from_ir_values, extract_to_ir_values, get_ir_types
from flydsl.expr.typing import Float32x4

print(issubclass(fx.Vector, ir.Value), issubclass(Float32x4, ir.Value), issubclass(fx.Int32, ir.Value))


@flyc.jit
def vectors():
    v = fx.Vector.filled(8, 1.0, fx.Float32)
    vals = v.__extract_to_ir_values__()
    print(isinstance(v, ir.Value), len(vals), vals[0] is v, extract_to_ir_values(v)[0] is v)
    r = fx.Vector.__construct_from_ir_values__(vals)
    print(type(r).__name__, isinstance(r, ir.Value), r.shape, r.dtype.__name__, r.type)
    s = fx.Vector(v, (4, 2), fx.Float32)
    r2 = fx.Vector.__construct_from_ir_values__([v.ir_value()], s)  # a bindings Value, the exemplar's shape
    print(r2.shape, get_ir_types(r2)[0])
    a = Float32x4.filled(4, 2.0, fx.Float32)
    r3 = construct_from_ir_values(Float32x4, a, extract_to_ir_values(a))
    print(type(r3).__name__, isinstance(r3, ir.Value), isinstance(a, Float32x4), isinstance(fx.Int32(1), ir.Value))
    print(v.to(ir.Value) is v, ir.Value(v).type, type(ir.Value(v)).__name__)
    try:
        fx.Vector.__construct_from_ir_values__([v, v])
    except ValueError as e:
        print("ValueError:", e)


vectors()

Buffers = fx.Struct["arr": fx.Array[fx.Float32, 8], "ptr": fx.Pointer]


@flyc.jit
def arrays():
    A = fx.Array[fx.Float32, 8]
    arr = A.__peek_from_ptr__(fx.get_iter(fx.make_rmem_tensor(8, fx.Float32)))
    vals = extract_to_ir_values(arr)
    print(len(vals), vals[0] is arr.ptr)
    again = A.__construct_from_ir_values__(vals)
    print(again, len(again), construct_from_ir_values(type(arr), arr, vals))
    b = Buffers(arr, arr.ptr)
    print(isinstance(b.ptr, fx.Pointer), len(extract_to_ir_values(b)))
    try:
        A.__construct_from_ir_values__([])
    except ValueError as e:
        print("ValueError:", e)


arrays()

WithTensor = fx.Struct["t": fx.Tensor]


@flyc.jit
def host(t: fx.Tensor):
    w = WithTensor(t)
    vals = extract_to_ir_values(w)
    print(len(vals), vals[0] is t)
    try:
        get_ir_types(w)
    except TypeError as e:
        print("TypeError:", e)


host(torch.zeros(8))
