import torch
x = torch.zeros(3, 4)
x[0] = 1
x[1, 1:3] = torch.tensor([2.0, 3.0])
x[:, 3] = torch.tensor([7.0, 8.0, 9.0])
x[2, :2] = 5
print(x)
y = torch.arange(6)
y[torch.tensor([0, 5])] = -1
y[y > 2] = 0
print(y)
z = torch.zeros(2, 3, dtype=torch.int32)
z[...] = 3
z[z == 3] = torch.tensor(9, dtype=torch.int32)
print(z)
w = torch.zeros(2, 3)
w[:] = torch.tensor([1.0, 2.0, 3.0])
print(w)
w[torch.tensor([1, 0]), torch.tensor([2, 2])] = torch.tensor([10.0, 20.0])
print(w)
try:
    w[0] = torch.tensor([1.0, 2.0])
except RuntimeError as e:
    print("RuntimeError:", e)
v = torch.zeros(5)
v[1:4:2] = 2.5
v[[0, 4]] = torch.tensor([1.0, -1.0])
print(v)
b = torch.zeros(2, 2, dtype=torch.bool)
b[0, 1] = True
print(b)
q = torch.zeros(4, 3)
q[torch.tensor([True, False, True, False])] = torch.tensor([1.0, 2.0, 3.0])
print(q)
