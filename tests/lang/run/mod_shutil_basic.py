import shutil, os, tempfile
base = tempfile.mkdtemp()
src = os.path.join(base, 'src')
os.makedirs(os.path.join(src, 'inner'))
with open(os.path.join(src, 'a.txt'), 'w') as f:
    f.write('AAA')
with open(os.path.join(src, 'inner', 'b.txt'), 'w') as f:
    f.write('BBB')
dst = shutil.copy(os.path.join(src, 'a.txt'), base)
print(os.path.relpath(dst, base), open(dst).read())
shutil.copyfile(os.path.join(src, 'a.txt'), os.path.join(base, 'c.txt'))
print(open(os.path.join(base, 'c.txt')).read())
shutil.copytree(src, os.path.join(base, 'copy'))
print(sorted(os.listdir(os.path.join(base, 'copy'))), open(os.path.join(base, 'copy', 'inner', 'b.txt')).read())
shutil.move(os.path.join(base, 'c.txt'), os.path.join(base, 'moved.txt'))
print(sorted(os.listdir(base)))
shutil.rmtree(os.path.join(base, 'copy'))
print(sorted(os.listdir(base)))
print(shutil.which('sh') is not None, shutil.which('definitely-not-a-command-xyz'))
print(tuple(shutil.get_terminal_size((100, 30))))
shutil.rmtree(base)
print(os.path.exists(base))
shutil.rmtree(base, ignore_errors=True)
try:
    shutil.rmtree(base)
except FileNotFoundError:
    print('FileNotFoundError')
