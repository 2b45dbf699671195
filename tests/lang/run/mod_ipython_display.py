# IPython.display at the script level: display() prints each object's text/plain part, as a
# Jupyter kernel would show it (flyi's output: CPython without a shell prints str() instead).
from IPython.display import display, SVG, HTML, Markdown, Code, Pretty, JSON, Image, Latex
import IPython

print(IPython.get_ipython())
svg = '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>'
s = SVG(svg)
print(s._repr_svg_() == svg)
print(SVG('<?xml version="1.0"?>\n' + svg)._repr_svg_() == svg)
print(SVG(svg.encode())._repr_svg_() == svg)
display(s)
display(HTML("<b>bold</b>"), Markdown("*it*"))
print(HTML("<p>x</p>")._repr_html_(), Markdown("# t")._repr_markdown_(), Latex("$x$")._repr_latex_())
c = Code("def f(x):\n    return x < 2", language="python")
print(repr(c))
display(Pretty("pre\n  formatted"))
print(JSON({"a": [1, 2]})._repr_json_())
png = b'\x89PNG\r\n\x1a\n' + bytes(range(8))
im = Image(data=png)
print(im.format, im._repr_png_() == png, im._repr_jpeg_())
jpg = Image(data=b'\xff\xd8\xff\xe0' + bytes(4))
print(jpg.format, jpg._repr_png_())
h = display(s, display_id=True)
print(type(h).__name__, hasattr(h, "update"))
print(display(s))
display()
display("a string", 42, [1, 2])
import _flyi_display
print(sorted(_flyi_display.mimebundle(c)))
print(_flyi_display.mimebundle(JSON([1, {"b": None}]))["application/json"])
print(_flyi_display.mimebundle(im)["image/png"])
