import tempfile, os
d = tempfile.mkdtemp(prefix='flyi_', suffix='_t')
print(os.path.isdir(d), os.path.basename(d).startswith('flyi_'), d.endswith('_t'), os.path.isabs(d))
fd, path = tempfile.mkstemp(suffix='.txt', dir=d)
os.write(fd, b'data')
os.close(fd)
print(os.path.dirname(path) == d, path.endswith('.txt'), open(path).read())
with tempfile.NamedTemporaryFile('w', suffix='.py', dir=d, delete=True) as f:
    f.write('print(1)\n')
    f.flush()
    name = f.name
    print(os.path.exists(name), name.endswith('.py'))
print(os.path.exists(name))
with tempfile.NamedTemporaryFile('w+', dir=d, delete=False) as f:
    f.write('keep')
    kept = f.name
print(os.path.exists(kept), open(kept).read())
with tempfile.TemporaryDirectory() as td:
    open(os.path.join(td, 'x'), 'w').close()
    os.mkdir(os.path.join(td, 'sub'))
    print(os.path.isdir(td), sorted(os.listdir(td)))
print(os.path.exists(td))
t = tempfile.TemporaryDirectory()
print(os.path.isdir(t.name))
t.cleanup()
print(os.path.exists(t.name), os.path.isdir(tempfile.gettempdir()))
import shutil
shutil.rmtree(d)
print(os.path.exists(d))
