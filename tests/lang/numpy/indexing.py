# Indexing and assignment: basic slices (negative steps too), newaxis, boolean masks, integer arrays.
import numpy as np

a = np.arange(24).reshape(4, 6)
print(repr(a[1]), repr(a[-1, 2:5]), repr(a[:, 0]), repr(a[1:3, ::2]), repr(a[..., 1]), a[2, 3], type(a[2, 3]).__name__)
print(repr(a[::-1, 0]), repr(a[0, ::-2]), repr(a[3:0:-1, -1]), repr(np.arange(5)[::-1]), repr(a[::-1][::-1][0]))
print(a[:, np.newaxis].shape, a[np.newaxis].shape, a[:, None, 1].shape, a[None, ..., None].shape, a[..., np.newaxis].shape)
m = a % 5 == 0
print(repr(m[0]), repr(a[m]), repr(a[a > 20]), repr(a[np.array([True, False, True, False])]))
print(repr(a[np.array([0, 2])]), repr(a[[1, 3]]), repr(a[:, [0, -1]]), repr(a[np.array([0, 1]), np.array([2, 3])]))
print(repr(a[1][np.array([5, 0, 5])]), repr(a.ravel()[np.array([[0, 1], [2, 3]])]))
b = np.zeros((3, 4), dtype=np.float32)
b[0] = 1
b[1, 1:3] = [2, 3]
b[:, 3] = np.arange(3)
b[b == 0] = -1
b[2][0] = 9
print(repr(b))
c = np.arange(10)
c[c % 2 == 0] = 0
c[np.array([1, 3])] = 100
c[-1] = -5
c[7:9] = np.array([7.9, 8.1])
print(repr(c))
u = np.zeros(3, dtype=np.uint32)
u[0] = 2 ** 32 - 1
u[1:] = np.uint32(7)
print(repr(u), u[0], int(u[0]) + 1)
d = np.arange(6.0).reshape(2, 3)
e = d[1]
e[0] = 42
print(repr(d))
d[...] = 1.5
print(repr(d))
d.fill(2)
print(repr(d), repr(np.arange(3)[np.int64(1)]), np.arange(3)[np.uint8(2)])
z = np.array(5.0)
print(repr(z[()]), repr(z[...]), type(z[()]).__name__)
for row in np.arange(6).reshape(3, 2):
    print(repr(row), end=" ")
print()
print(repr(np.nonzero(np.array([0, 3, 0, 4]))), repr(np.flatnonzero(np.array([[0, 1], [1, 0]]))), repr(np.argwhere(np.eye(2))))
print(np.unravel_index(np.array([5, 7]), (2, 4)), np.unravel_index(3, (2, 2)))
try:
    a[5]
except IndexError as ex:
    print("IndexError")
