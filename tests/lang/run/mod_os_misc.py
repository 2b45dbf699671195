import os, sys
print(os.fspath('abc'), os.sep, os.extsep, os.devnull)
class PL:
    def __fspath__(self): return '/tmp/pl'
print(os.fspath(PL()), os.path.join(PL(), 'x'), os.path.basename(PL()))
try:
    os.fspath(3)
except TypeError as e:
    print('TypeError:', e)
print(os.path.isdir(os.getcwd()), os.getpid() > 0, os.cpu_count() >= 1)
print(os.access('.', os.R_OK), os.path.exists(os.devnull))
print(sorted(k for k in ['PATH', 'HOME'] if k in os.environ))
st = os.stat('.')
print(type(st.st_mode).__name__, st.st_size >= 0, len(tuple(st)) == 10)
print(isinstance(os.urandom(4), bytes), len(os.urandom(8)))
print(os.path.getmtime('.') > 0, os.strerror(2))
try:
    os.stat('/nonexistent/zzz')
except OSError as e:
    print(type(e).__name__, e.errno, e)
try:
    open('/nonexistent/zzz')
except FileNotFoundError as e:
    print('FileNotFoundError', e.errno)
