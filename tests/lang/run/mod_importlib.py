# importlib: import_module, reload, invalidate_caches, util specs and loaders, resources, metadata.
import importlib
import importlib.util
import importlib.machinery
import os
import sys
import tempfile
from importlib import resources
from importlib.metadata import PackageNotFoundError, version

root = tempfile.mkdtemp()


def write(rel, text):
    path = os.path.join(root, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as fh:
        fh.write(text)


write("tuning.py", "LEVEL = 1\nCOUNT = globals().get('COUNT', 0) + 1\n")
write("apkg/__init__.py", "NAME = 'apkg'\n")
write("apkg/sub.py", "from . import helper\nVALUE = helper.twice(21)\n")
write("apkg/helper.py", "def twice(x):\n    return 2 * x\n")
write("apkg/data.txt", "resource text\n")
write("standalone/hotspot.py", "import sys\nWHO = __name__\ndef run():\n    return 'ran ' + WHO\n")
write("nsroot/onlyns/mod.py", "Z = 9\n")
sys.path.insert(0, root)
sys.path.insert(1, os.path.join(root, "nsroot"))

m = importlib.import_module("apkg.sub")
print(m.VALUE, m.__name__, sys.modules["apkg.sub"] is m)
print(importlib.import_module(".helper", "apkg").twice(5), importlib.import_module("..helper", "apkg.sub").twice(1))
print(importlib.import_module("json").__name__, importlib.import_module("os.path").__name__)
try:
    importlib.import_module(".x")
except TypeError as e:
    print("TypeError", e)
try:
    importlib.import_module("no_such_mod_q")
except ModuleNotFoundError as e:
    print("ModuleNotFoundError", e, e.name)
importlib.invalidate_caches()

import tuning
print(tuning.LEVEL, tuning.COUNT)
write("tuning.py", "LEVEL = 2\nCOUNT = globals().get('COUNT', 0) + 1\n")
r = importlib.reload(tuning)
print(r is tuning, tuning.LEVEL, tuning.COUNT)
try:
    importlib.reload(3)
except TypeError as e:
    print("TypeError", e)

spec = importlib.util.spec_from_file_location("hotspot_analyzer", os.path.join(root, "standalone", "hotspot.py"))
print(type(spec).__name__, spec.name, os.path.basename(spec.origin), spec.has_location, spec.parent,
      spec.submodule_search_locations, type(spec.loader).__name__)
mod = importlib.util.module_from_spec(spec)
print(mod.__name__, "hotspot_analyzer" in sys.modules, mod.__spec__ is spec, mod.__loader__ is spec.loader,
      os.path.basename(mod.__file__))
spec.loader.exec_module(mod)
print(mod.WHO, mod.run())
print(importlib.util.spec_from_file_location("x", os.path.join(root, "apkg", "data.txt")))
pspec = importlib.util.spec_from_file_location("apkg2", os.path.join(root, "apkg", "__init__.py"))
print(pspec.submodule_search_locations == [os.path.join(root, "apkg")], pspec.parent)

print(importlib.util.find_spec("no_such_mod_q"), importlib.util.find_spec("apkg.nope"))
s = importlib.util.find_spec("apkg")
print(s.name, s.submodule_search_locations == [os.path.join(root, "apkg")], os.path.basename(s.origin))
s = importlib.util.find_spec("apkg.helper")
print(s.name, os.path.basename(s.origin), s.parent)
s = importlib.util.find_spec("onlyns")
print(s.name, s.origin, len(s.submodule_search_locations))
print(importlib.util.find_spec("math") is not None, importlib.util.find_spec("json") is not None)
try:
    importlib.util.find_spec("tuning.x")
except ModuleNotFoundError as e:
    print("ModuleNotFoundError", e)
print(importlib.util.resolve_name(".b", "a"), importlib.util.resolve_name("..b", "a.c"), importlib.util.resolve_name("x", None))
print(importlib.machinery.SOURCE_SUFFIXES, ".py" in importlib.machinery.all_suffixes())

files = resources.files("apkg")
print(type(files).__name__, files.name, (files / "data.txt").read_text(), files.joinpath("data.txt").is_file())
print(resources.files(sys.modules["apkg"]).joinpath("data.txt").read_text().strip())

try:
    version("no-such-distribution-zz")
except PackageNotFoundError as e:
    print("PackageNotFoundError", e, e.name, isinstance(e, ModuleNotFoundError))
write("site/demo_pkg-1.2.3.dist-info/METADATA", "Metadata-Version: 2.1\nName: demo-pkg\nVersion: 1.2.3\n\nbody\n")
sys.path.append(os.path.join(root, "site"))
print(version("demo-pkg"), version("demo_pkg"), importlib.metadata.metadata("demo-pkg")["Name"])
from importlib.metadata import entry_points
eps = entry_points(group="no.such.group")
print(eps, list(eps), len(eps), hasattr(entry_points(), "select"), list(entry_points().select(group="no.such.group")))
