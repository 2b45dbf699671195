# Import errors as CPython reports them: e.name / e.path of "cannot import name", a circular import
# ("partially initialized module"), relative imports of missing names, an error other than ImportError
# raised by a submodule, namespace packages (PEP 420) and their submodules.
import os, sys, tempfile
root = tempfile.mkdtemp()
def write(rel, text):
    path = os.path.join(root, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as fh:
        fh.write(text)
write("ns1/a.py", "A = 1\n")
write("pk/__init__.py", "")
write("pk/zero.py", "x = 1 / 0\n")
write("pk/rel.py", "from . import nothing_here\n")
write("pk/rel2.py", "from .gone import z\n")
write("pk/cyc_a.py", "from pk.cyc_b import B\nA = 1\n")
write("pk/cyc_b.py", "from pk.cyc_a import A\nB = 2\n")
write("pk/attr.py", "import pk.nope.deeper\n")
sys.path.insert(0, root)
import ns1

print(ns1.__package__, list(ns1.__path__) == [os.path.join(root, "ns1")])
import ns1.a
print(ns1.a.__package__)
try:
    from pk import zero
except ZeroDivisionError as e:
    print("ZeroDivisionError", e, "pk.zero" in sys.modules)
for m in ("rel", "rel2", "cyc_a", "attr"):
    try:
        __import__("pk." + m)
    except ImportError as e:
        print(m, type(e).__name__, str(e).replace(root, "ROOT"), e.name, (e.path or "").replace(root, "ROOT"))
try:
    from pk import missing
except ImportError as e:
    print(type(e).__name__, str(e).replace(root, "ROOT"), e.name, (e.path or "").replace(root, "ROOT"))
try:
    from ns1 import missing
except ImportError as e:
    print(type(e).__name__, str(e).replace(root, "ROOT"), e.name, e.path)
try:
    from os import nothing_like_this
except ImportError as e:
    print(type(e).__name__, str(e).split(" (")[0], e.name)
