import os, tempfile
base = tempfile.mkdtemp()
d = os.path.join(base, 'a', 'b', 'c')
os.makedirs(d)
os.makedirs(d, exist_ok=True)
try:
    os.makedirs(d)
except FileExistsError as e:
    print('FileExistsError', e.errno)
with open(os.path.join(d, 'f.txt'), 'w') as f:
    f.write('hello\n')
os.mkdir(os.path.join(base, 'a', 'x'))
print(sorted(os.listdir(os.path.join(base, 'a'))), os.listdir(d))
print(os.path.getsize(os.path.join(d, 'f.txt')), os.stat(os.path.join(d, 'f.txt')).st_size)
os.rename(os.path.join(d, 'f.txt'), os.path.join(d, 'g.txt'))
print(os.listdir(d), os.path.isfile(os.path.join(d, 'g.txt')))
for root, dirs, files in sorted(os.walk(base)):
    print(os.path.relpath(root, base), sorted(dirs), sorted(files))
try:
    os.remove(os.path.join(d, 'nope'))
except FileNotFoundError as e:
    print('FileNotFoundError', e.errno, e.strerror, os.path.basename(e.filename))
try:
    os.rmdir(os.path.join(base, 'a'))
except OSError as e:
    print(type(e).__name__, e.errno)
try:
    os.listdir('/no/such/dir')
except FileNotFoundError as e:
    print(e)
os.remove(os.path.join(d, 'g.txt'))
os.rmdir(d)
print(sorted(e.name for e in os.scandir(os.path.join(base, 'a'))))
cwd = os.getcwd()
os.chdir(base)
print(os.getcwd() == os.path.realpath(base))
os.chdir(cwd)
import shutil
shutil.rmtree(base)
print(os.path.exists(base))
