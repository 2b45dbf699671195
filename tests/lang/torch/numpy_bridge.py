# torch <-> numpy: t.numpy(), torch.from_numpy(a) and np.asarray(t) share memory both ways; copies do not.
import numpy as np
import torch

t = torch.arange(6, dtype=torch.float32)
a = t.numpy()
a[1] = 100.0
t[2] = -5.0
print(t)
print(repr(a), a.dtype, type(a).__name__)
b = np.zeros((2, 3), dtype=np.int32)
u = torch.from_numpy(b)
u += 7
b[1, 2] = -1
print(u, u.dtype, u.shape)
print(repr(b))
v = np.asarray(t)
v[0] = 42.0
print(t[0].item(), v.ctypes.data == t.data_ptr())
w = t.reshape(2, 3).numpy()
w[1] += 1
print(t)
c = np.array(t)
c[:] = 0
print(t[3].item(), c.sum())
x = torch.from_numpy(np.arange(4.0))
print(x.dtype, x.tolist())
h = np.array([1.5, -2.25], dtype=np.float16)
th = torch.from_numpy(h)
print(th.dtype, th.tolist())
m = torch.from_numpy(np.array([True, False]))
print(m)
q = torch.arange(6).reshape(2, 3).t()
print(repr(q.numpy()), q.numpy().strides)
d = torch.ones(2, device="cuda")
try:
    d.numpy()
except TypeError as e:
    print("TypeError:", e)
g = torch.ones(2, requires_grad=True)
try:
    g.numpy()
except RuntimeError as e:
    print("RuntimeError:", e)
print(repr(g.detach().numpy()))
try:
    torch.from_numpy([1, 2])
except TypeError as e:
    print("TypeError:", e)
r = torch.from_numpy(np.array([2 ** 32 - 1], dtype=np.uint32))
print(r.dtype, r.tolist())
