# _repr_svg_ on layouts and tensors: the notebook picture (starts with <svg, has cell labels).
import flydsl.expr as fx
L = fx.make_layout((2, 3), (3, 1))
s = L._repr_svg_()
print(s.startswith("<svg"), ">5<" in s, ">0<" in s, repr(L))
