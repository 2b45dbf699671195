import glob, os, tempfile, shutil
base = tempfile.mkdtemp()
for name in ['a.txt', 'b.txt', 'c.py', '.hidden.txt', 'sub/d.txt', 'sub/deep/e.txt', 'sub/f.py', 'x1.dat', 'x2.dat', 'y1.dat']:
    p = os.path.join(base, name)
    os.makedirs(os.path.dirname(p), exist_ok=True)
    open(p, 'w').close()
def rel(ps):
    return sorted(os.path.relpath(p, base) for p in ps)
print(rel(glob.glob(os.path.join(base, '*.txt'))))
print(rel(glob.glob(os.path.join(base, '?1.dat'))))
print(rel(glob.glob(os.path.join(base, '[xy]2.dat'))), rel(glob.glob(os.path.join(base, '[!x]*.dat'))))
print(rel(glob.glob(os.path.join(base, '*', '*.txt'))))
print(rel(glob.glob(os.path.join(base, '**', '*.txt'), recursive=True)))
print(rel(glob.glob(os.path.join(base, '**'), recursive=True)))
print(rel(glob.glob(os.path.join(base, '.*'))), rel(glob.glob(os.path.join(base, 'nothing*'))))
print(rel(glob.glob(os.path.join(base, 'a.txt'))), glob.glob(os.path.join(base, 'zz.txt')))
print(sorted(glob.glob('*.txt', root_dir=base)))
print(glob.has_magic('a*'), glob.has_magic('abc'), glob.escape('a*b?[c]'))
import fnmatch
print(fnmatch.fnmatch('foo.py', '*.py'), fnmatch.fnmatch('foo.py', 'f?o.p[xy]'), fnmatch.filter(['a.c', 'b.h', 'c.c'], '*.c'))
print(fnmatch.fnmatchcase('A.C', '*.c'), fnmatch.fnmatch('abc', '[!a]*'))
shutil.rmtree(base)
