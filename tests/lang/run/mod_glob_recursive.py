import glob, os, tempfile, shutil
base = tempfile.mkdtemp()
for name in ['top.py', 'a/one.py', 'a/b/two.py', 'a/b/c/three.py', 'a/b/c/data.txt', '.git/cfg.py']:
    p = os.path.join(base, name)
    os.makedirs(os.path.dirname(p), exist_ok=True)
    with open(p, 'w') as f:
        f.write(name)
def rel(ps):
    return sorted(os.path.relpath(p, base) for p in ps)
print(rel(glob.glob(os.path.join(base, '**', '*.py'), recursive=True)))
print(rel(glob.glob(os.path.join(base, '**', '*.py'))))
print(rel(glob.glob(os.path.join(base, 'a', '**'), recursive=True)))
print(rel(glob.glob(os.path.join(base, '*', '*', '*.py'))))
print(rel(glob.glob(os.path.join(base, '**', '*.py'), recursive=True, include_hidden=True)))
print(rel(glob.iglob(os.path.join(base, 'a', '*'))))
print(sorted(glob.glob('**/*.txt', root_dir=base, recursive=True)))
print(rel(glob.glob(os.path.join(base, 'a', 'b') + '/')))
shutil.rmtree(base)
