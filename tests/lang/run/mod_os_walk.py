import os, tempfile, shutil
base = tempfile.mkdtemp()
for d in ['x/y/z', 'x/w', 'v']:
    os.makedirs(os.path.join(base, d))
for f in ['x/a.txt', 'x/y/b.txt', 'v/c.txt', 'top.txt']:
    open(os.path.join(base, f), 'w').close()
res = []
for root, dirs, files in os.walk(base):
    dirs.sort()
    res.append((os.path.relpath(root, base), sorted(dirs), sorted(files)))
print(res)
bottom = [os.path.relpath(r, base) for r, d, f in os.walk(base, topdown=False)]
print(sorted(bottom), bottom[-1])
pruned = []
for root, dirs, files in os.walk(base):
    if 'x' in dirs:
        dirs.remove('x')
    pruned.append(os.path.relpath(root, base))
print(sorted(pruned))
print(list(os.walk(os.path.join(base, 'nope'))))
os.removedirs(os.path.join(base, 'x', 'y', 'z')) if False else None
shutil.rmtree(base)
