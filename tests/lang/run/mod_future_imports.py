# __future__ features; PEP 420 namespace packages; an ImportError raised inside a submodule
# imported with `from pkg import sub` is the one shown.
from __future__ import annotations, division, print_function
import __future__
import os
import sys
import tempfile

print(__future__.all_feature_names)
for name in __future__.all_feature_names:
    f = getattr(__future__, name)
    print(name, f, f.getOptionalRelease(), f.getMandatoryRelease())


def ann(x: int) -> str:
    return str(x)


print(ann(3))

root = tempfile.mkdtemp()


def write(rel, text):
    path = os.path.join(root, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as fh:
        fh.write(text)


write("scripts_ns/tool.py", "def helper():\n    return 'helper from namespace package'\n")
write("scripts_ns/deep/leaf.py", "VALUE = 42\n")
write("other_root/scripts_ns/extra.py", "X = 'second portion'\n")
write("pk/__init__.py", "")
write("pk/bad.py", "raise ImportError('needs a GPU library')\n")
write("pk/bad2.py", "import no_such_module_xyz\n")
write("pk/bad3.py", "from pk import no_such_name\n")
write("pk/good.py", "OK = True\n")
sys.path.insert(0, root)
sys.path.insert(1, os.path.join(root, "other_root"))

from scripts_ns.tool import helper
print(helper())
import scripts_ns
print(scripts_ns.__file__, len(scripts_ns.__path__), all(p.endswith("scripts_ns") for p in scripts_ns.__path__))
import scripts_ns.deep.leaf
print(scripts_ns.deep.leaf.VALUE)
from scripts_ns import extra
print(extra.X)
from scripts_ns.deep import leaf
print(leaf.VALUE)

from pk import good
print(good.OK)
try:
    from pk import bad
except ImportError as e:
    print(type(e).__name__, e)
try:
    from pk import bad2
except ImportError as e:
    print(type(e).__name__, e, e.name)
try:
    from pk import bad3
except ImportError as e:
    print(type(e).__name__, str(e).split(" (")[0])
try:
    from pk import missing
except ImportError as e:
    print(type(e).__name__, str(e).split(" (")[0])
try:
    import scripts_ns.nothing
except ImportError as e:
    print(type(e).__name__, e, e.name)
print("pk.bad" in sys.modules, "pk.good" in sys.modules)
