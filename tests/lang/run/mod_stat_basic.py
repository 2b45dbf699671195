# stat: file-type tests, permission bits and filemode over every file type and the set-id / sticky bits,
# checked against CPython 3.11's output; and a real file's mode from os.stat.
import os
import stat
import tempfile

for m in (0o104755, 0o41777, 0o120777, 0o100644, 0o20620, 0o60660, 0o10644, 0o140755, 0o102644, 0o106000, 0o101001):
    print(oct(m), stat.filemode(m), [f.__name__ for f in (stat.S_ISDIR, stat.S_ISREG, stat.S_ISLNK, stat.S_ISCHR,
                                                         stat.S_ISBLK, stat.S_ISFIFO, stat.S_ISSOCK) if f(m)],
          oct(stat.S_IMODE(m)), oct(stat.S_IFMT(m)))
print(stat.S_IRWXU | stat.S_IRGRP | stat.S_IXOTH, stat.S_IEXEC == stat.S_IXUSR, stat.ST_MODE, stat.ST_MTIME)
d = tempfile.mkdtemp()
p = os.path.join(d, "f")
open(p, "w").close()
os.chmod(p, 0o640)
st = os.stat(p)
print(stat.filemode(st.st_mode), stat.S_ISREG(st.st_mode), stat.S_ISDIR(os.stat(d).st_mode), oct(stat.S_IMODE(st.st_mode)))
