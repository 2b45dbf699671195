# The display protocol: MIME bundles from _repr_*_ methods (through flyi's _flyi_display module),
# IPython.lib.pretty, base64 for binary data, and the compiled-kernel HTML view.
import _flyi_display as fd
from IPython.display import display
from IPython.lib.pretty import pretty


def show(b):
    for k in sorted(b):
        print("  %s: %r" % (k, b[k]))


class Plain:
    def __repr__(self):
        return "Plain()"


class Rich:
    def _repr_html_(self):
        return "<b>rich</b>"

    def _repr_svg_(self):
        return "<svg/>"

    def _repr_markdown_(self):
        return None  # a None result is left out

    def _repr_png_(self):
        return b"\x89PNG\r\n\x1a\n"

    def _repr_latex_(self):
        return "$x$", {"meta": 1}  # (data, metadata): the data is taken

    def __repr__(self):
        return "Rich()"


class Pretty:
    def __init__(self, items):
        self.items = items

    def _repr_pretty_(self, p, cycle):
        with p.group(4, "Pretty(", ")"):
            for i, x in enumerate(self.items):
                if i:
                    p.text(",")
                    p.breakable()
                p.pretty(x)


class Bundle:
    def _repr_mimebundle_(self, include=None, exclude=None):
        return {"text/plain": "B!", "application/json": {"k": [1, None, True]}, "image/jpeg": b"\xff\xd8"}

    def _repr_html_(self):
        return "<i>also</i>"


class BadBundle:
    def _repr_mimebundle_(self, include=None, exclude=None):
        return 42


class Raises:
    def _repr_svg_(self):
        raise RuntimeError("no picture")


for obj in (Plain(), Rich(), Pretty([1, "a", Pretty([2])]), Bundle(), 7, "text"):
    print(type(obj).__name__)
    show(fd.mimebundle(obj))
print(pretty(Pretty([[1, 2], (3,)])), pretty({"a": 1}))

for bad in (BadBundle(), Raises()):
    try:
        fd.mimebundle(bad)
    except Exception as e:
        print(type(e).__name__, e)

display(Rich(), Pretty([1]), Bundle())
fd.publish({"text/plain": "published", "image/png": b"\x00\x01"})
try:
    fd.publish({"text/plain": 3})
except TypeError as e:
    print("TypeError", e)

print(fd.b64encode(b""), fd.b64encode(b"f"), fd.b64encode(b"fo"), fd.b64encode(b"foo"), fd.b64encode(b"foob"))
print(fd.html_escape("<a href=\"x\">'&'</a>"))

html = fd.kernel_html("add<f32>", [("origin", 0.5, True, "%0 = a < b"), ("cse", 0.25, False, "%0 = a < b"),
                                   ("lower", None, True, "x & y"), ("isa", 1, True, None)],
                      "s_add_u32 s0, s1, s2\ns_endpgm\n", {"vgpr": 12, "sgpr": 20}, "gfx942")
print(html.count("<details"), html.count("</details>"), "add&lt;f32&gt;" in html, "x &amp; y" in html)
print("4 stages, 3 changed, 1.75 ms" in html, "2 lines" in html, ">vgpr<" in html, "IR not captured" in html)
print(html.count("%0 = a &lt; b"), "IR unchanged by this pass" in html, "for gfx942" in html)
print(fd.kernel_html().startswith("<div"), fd.kernel_html(stats=[("k", "v")]).count("<tr>"))
for args in (dict(stages=[("x",)]), dict(title=3), dict(stats=[1])):
    try:
        fd.kernel_html(**args)
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
