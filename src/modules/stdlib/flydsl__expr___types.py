# flydsl.expr._types: the Fly types of values (FlyDSL's IntTuple.type / Layout.type, fx.IntTupleType.get,
# fx.TileType.get) with FlyDSL's type queries, and fx.static of them. Loaded by flydsl.expr._surface.
from flydsl.expr._surface import BasisType, _FlyType, _fx

_c_static = None  # the C fx.static (swizzle types), set by flydsl.expr._surface


class _ValueFlyType(_FlyType):
    """The Fly type of a static or traced value (FlyDSL's value.type, fx.IntTupleType.get(...)): its MLIR text and
    FlyDSL's type queries; fx.static(t) gives the value back."""

    def __init__(self, value, body=None):
        self._value = value
        if body is None:
            t = str(value)
            body = t[t.index("<") + 1:-1]
        self._body = body

    def _need(self):
        if self._value is None:
            raise ValueError(f"{self}: a type given as text has no value in flyi")
        return self._value

    rank = property(lambda self: self._need().rank)
    depth = property(lambda self: self._need().depth)
    is_leaf = property(lambda self: self._need().is_leaf)
    is_static = property(lambda self: self._need().is_static)

    def at(self, i):
        return _value_type(_fx().get_(self._need(), i))


class IntTupleType(_ValueFlyType):
    _mnemonic = "int_tuple"
    __module__ = "flydsl.expr.primitive"

    @staticmethod
    def get(int_or_tuple, context=None):
        if isinstance(int_or_tuple, str):
            return IntTupleType(None, int_or_tuple)
        return IntTupleType(_fx().make_int_tuple(int_or_tuple))

    def _leaf(self):
        v = self._need()
        return _fx().get_scalar(v) if v.is_leaf else None

    @property
    def is_leaf_basis(self):
        return isinstance(self._leaf(), _fx().Basis)

    @property
    def is_leaf_int(self):
        v = self._need()
        return v.is_leaf and not self.is_leaf_basis

    @property
    def get_leaf_as_basis(self):
        b = self._leaf()
        if not isinstance(b, _fx().Basis):
            raise ValueError(f"{self} is not a basis leaf")
        return _BasisLeafType(b)

    @property
    def get_static_leaf_int(self):
        return self._need().get_static_leaf_int


class _BasisLeafType(BasisType):
    """!fly.basis<...> of a basis leaf: its coefficient (static) and modes."""

    def __init__(self, b):
        self._b = b
        self._body = str(b)

    @property
    def is_static(self):
        return isinstance(self._b.value, int)

    @property
    def value(self):
        if not self.is_static:
            raise ValueError("basis coefficient is dynamic; no static value")
        return self._b.value

    @property
    def modes(self):
        return list(self._b.modes)


class _LayoutValueType(_ValueFlyType):
    _mnemonic = "layout"
    __module__ = "flydsl.expr.primitive"
    is_static_shape = property(lambda self: self._need().shape.is_static)
    is_static_stride = property(lambda self: self._need().stride.is_static)


_LayoutValueType.__name__ = _LayoutValueType.__qualname__ = "LayoutType"


def _tile_mode(m):
    fx = _fx()
    if isinstance(m, _ValueFlyType):
        return m._need()
    if isinstance(m, _FlyType) and m._mnemonic == "layout":
        return fx.make_layout(m._shape_stride) if hasattr(m, "_shape_stride") else _layout_of_text(m._body)
    if isinstance(m, (tuple, list)):
        return tuple(_tile_mode(e) for e in m)
    return m


def _layout_of_text(body):
    shape, stride = body.split(":")
    import ast

    return _fx().make_layout(ast.literal_eval(shape), ast.literal_eval(stride))


class TileType(_ValueFlyType):
    _mnemonic = "tile"
    __module__ = "flydsl.expr.primitive"

    @staticmethod
    def get(modes, context=None):
        fx = _fx()
        if isinstance(modes, str):
            return TileType(None, modes)
        if isinstance(modes, list):
            return TileType(fx.make_tile(*[_tile_mode(m) for m in modes]))
        return TileType(fx.make_tile(_tile_mode(modes)))


def _value_type(v):
    """value.type of an IntTuple or Layout (the C types' `type` property)."""
    fx = _fx()
    if isinstance(v, fx.Layout):
        return _LayoutValueType(v)
    if isinstance(v, fx.Tile):
        return TileType(v)
    return IntTupleType(v)


def static(result_type):
    """fx.static: the value a static type describes (an IntTuple, Layout or Tile type, or a swizzle type)."""
    if isinstance(result_type, _ValueFlyType):
        return result_type._need()
    fx = _fx()
    if isinstance(result_type, (fx.Layout, fx.IntTuple, fx.Tile)):  # fx.LayoutType.get gives the Layout here
        return result_type
    if isinstance(result_type, _FlyType) and result_type._mnemonic == "layout":
        return _layout_of_text(result_type._body)
    return _c_static(result_type)
