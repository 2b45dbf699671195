# ctypes: scalar types, pointers, arrays, structures and unions, and calls into libc and libm
# through libffi with and without argtypes/restype.
import ctypes as c
import ctypes.util
print(repr(c.c_void_p()), repr(c.c_void_p(5)), repr(c.c_char(b'a')), repr(c.c_bool(1)), repr(c.c_double(1.5)), repr(c.c_float(1.1)))
print(c.c_int64, c.c_size_t, c.c_longlong, c.c_int8, c.c_uint8, c.c_ubyte)
class S(c.Structure): _fields_=[('a',c.c_int),('b',c.c_char),('d',c.c_double)]
print(S.a, S.b, S.d, c.sizeof(S), c.alignment(S))
s=S(1,b'x',2.5); print(s.a,s.b,s.d)
try: c.c_int('x')
except TypeError as e: print(e)
try: c.POINTER(c.c_int)().contents
except ValueError as e: print(e)
a=(c.c_int*3)(1,2); print(list(a), a[1], len(a))
try: (c.c_int*2)(1,2,3)
except IndexError as e: print(e)
b=c.create_string_buffer(b'hey', 8); print(b.value, b.raw, c.sizeof(b))
b=c.create_string_buffer(4); print(b.raw)
libc=c.CDLL(ctypes.util.find_library('c')); print(libc.strlen(b'hello'))
try: libc.nosuchfn
except AttributeError as e: print(str(e).split(': ')[-1])
try: c.CDLL('libnosuch.so')
except OSError as e: print(str(e).split(': ')[-1])
p=c.pointer(c.c_int(7)); print(p.contents, p[0])
x = c.c_int(0)
libc.sscanf(b"42", b"%d", c.byref(x)); print(x.value)
libc.labs.restype = c.c_long; libc.labs.argtypes = [c.c_long]; print(libc.labs(-5))
m = c.CDLL(ctypes.util.find_library('m'))
m.sqrt.restype = c.c_double; m.sqrt.argtypes = [c.c_double]; print(m.sqrt(2.0))
m.powf.restype = c.c_float; m.powf.argtypes = [c.c_float, c.c_float]; print(m.powf(2, 10))
buf = c.create_string_buffer(32)
libc.snprintf(buf, 32, b"%d-%s-%.2f", 7, b"ab", c.c_double(3.14159)); print(buf.value)
arr = (c.c_int * 5)(5, 3, 1, 4, 2)
libc.memcpy.restype = c.c_void_p
dst = (c.c_int*5)()
libc.memcpy(dst, arr, c.sizeof(arr)); print(list(dst))
vp = c.cast(arr, c.c_void_p); print(isinstance(vp.value, int), vp.value == c.addressof(arr))
ip = c.cast(vp, c.POINTER(c.c_int)); print(ip[0], ip[4]); ip[1] = 30; print(arr[1])
libc.strchr.restype = c.c_char_p; print(libc.strchr(b"hello", ord('l')))
class P(c.Structure): _fields_ = [('x', c.c_int), ('y', c.c_int)]
class R(c.Structure): _fields_ = [('a', P), ('b', P), ('n', c.c_char * 4), ('p', c.POINTER(c.c_int))]
r = R(P(1, 2), (3, 4), b'ab'); r.p = c.pointer(c.c_int(99))
print(r.a.x, r.a.y, r.b.x, r.b.y, r.n, r.p.contents.value, c.sizeof(R))
r.a.x = 10; print(r.a.x)
class U(c.Union): _fields_ = [('i', c.c_uint32), ('f', c.c_float)]
u = U(); u.f = 1.0; print(hex(u.i), c.sizeof(U))
print(c.string_at(c.addressof(b), 2), c.sizeof(c.c_void_p), c.sizeof(c.c_long), c.sizeof(c.c_bool))
cp = c.c_char_p(b"text"); print(cp.value)
hp = c.c_void_p(1234); print(hp.value); hp.value = None; print(hp.value, bool(hp))
print(c.c_int(3).value + c.c_uint8(300).value, c.c_int8(-129).value, c.c_uint(-1).value, c.c_short(70000).value)
print(type(c.POINTER(c.c_int)).__name__, c.POINTER(c.c_int).__name__, (c.c_int*2).__name__)
n = c.c_size_t(10); print(n.value, c.sizeof(n))
print(c.c_int.from_buffer(bytearray(b'\x01\x00\x00\x00')).value, c.c_int.from_buffer_copy(b'\x02\x00\x00\x00').value)

# errors
try:
    libc.labs("x")
except c.ArgumentError as e:
    print("ArgumentError:", e)
try:
    p.contents = 5
except TypeError as e:
    print("TypeError:", e)
try:
    arr[5]
except IndexError as e:
    print("IndexError:", e)
try:
    S(1, b'x', 2.0, 4)
except TypeError as e:
    print("TypeError:", e)
print(c.sizeof(c.c_int * 0), c.sizeof((c.c_double * 3) * 2), c.alignment(c.c_double * 3))
q = c.POINTER(c.c_int)()
print(bool(q), c.cast(None, c.c_void_p).value)
class Node(c.Structure):
    pass
Node._fields_ = [('val', c.c_int), ('next', c.POINTER(Node))]
n2 = Node(2, None)
n1 = Node(1, c.pointer(n2))
print(n1.val, n1.next.contents.val, bool(n2.next), c.sizeof(Node))
libc.qsort  # a symbol that exists
getenv = libc.getenv
getenv.restype = c.c_char_p
getenv.argtypes = [c.c_char_p]
print(getenv(b"FLYI_CTYPES_UNSET_VAR"))
libc.abs.errcheck = lambda r, f, a: r * 10
print(libc.abs(-4))
# a structure passed by value (struct in_addr)
class in_addr(c.Structure):
    _fields_ = [('s_addr', c.c_uint32)]
libc.inet_ntoa.argtypes = [in_addr]
libc.inet_ntoa.restype = c.c_char_p
print(libc.inet_ntoa(in_addr(0x0100007f)), libc.inet_ntoa(in_addr(0x04030201)))

# callbacks (CFUNCTYPE): qsort with a Python comparison, a callback called from Python

CMP = c.CFUNCTYPE(c.c_int, c.POINTER(c.c_int), c.POINTER(c.c_int))
calls = [0]
def py_cmp(a, b):
    calls[0] += 1
    return a[0] - b[0]
arr = (c.c_int * 6)(5, 1, 4, 2, 6, 3)
libc.qsort.argtypes = [c.c_void_p, c.c_size_t, c.c_size_t, CMP]
libc.qsort.restype = None
libc.qsort(arr, len(arr), c.sizeof(c.c_int), CMP(py_cmp))
print(list(arr), calls[0] > 0)
F = c.CFUNCTYPE(c.c_double, c.c_double, c.c_int)
f = F(lambda x, k: x * k + 0.5)
print(f(2.0, 3))
def bad(a, b):
    raise ValueError("x")
arr2 = (c.c_int * 3)(3, 2, 1)
libc.qsort(arr2, 3, 4, CMP(bad))
print(sorted(arr2))
print(bool(F()), F(0) is not None)
