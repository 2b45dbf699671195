# linecache: lines of files (by path or found on sys.path), the cache; warnings' source lines.
import linecache
import os
import sys
import tempfile
import warnings

root = tempfile.mkdtemp()
path = os.path.join(root, "sample_mod.py")
with open(path, "w") as f:
    f.write("first = 1\nsecond = 2\nthird = 3")
print(repr(linecache.getline(path, 1)), repr(linecache.getline(path, 3)), repr(linecache.getline(path, 4)),
      repr(linecache.getline(path, 0)))
print(len(linecache.getlines(path)), path in linecache.cache)
sys.path.insert(0, root)
print(repr(linecache.getline("sample_mod.py", 2)))
print(linecache.getlines("<string>"), linecache.getlines("/no/such/file.py"), repr(linecache.getline("", 1)))
with open(path, "w") as f:
    f.write("changed = True\n")
print(repr(linecache.getline(path, 1)))
linecache.checkcache(path)
print(repr(linecache.getline(path, 1)))
linecache.clearcache()
print(linecache.cache)
print(repr(warnings.formatwarning("msg", UserWarning, path, 1).replace(root, "ROOT")))
print(repr(warnings.formatwarning("msg", UserWarning, path, 1, line="  given line ").replace(root, "ROOT")))
print(repr(warnings.formatwarning("msg", RuntimeWarning, "/no/file.py", 3)))
