import torch
a = torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
b = torch.tensor([[1.0, 0.0, 2.0], [0.0, 1.0, 3.0]])
print(a @ b)
print(torch.mm(b, a), torch.matmul(a[0], b).shape)
print(a @ torch.tensor([1.0, 1.0]), torch.tensor([1.0, 2.0]) @ torch.tensor([3.0, 4.0]))
bt = torch.ones(2, 3, 4) @ torch.ones(4, 5)
print(bt.shape, bt[1, 2, 3].item())
print((torch.ones(2, 1, 3, 4) @ torch.ones(5, 4, 2)).shape)
ai = torch.tensor([[1, 2], [3, 4]])
print(ai @ ai, (ai @ ai).dtype)
try:
    a @ a
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    a @ b.double()
except RuntimeError as e:
    print("RuntimeError:", e)
torch.manual_seed(5)
x = torch.randn(5, 7, dtype=torch.float64)
y = torch.randn(7, 3, dtype=torch.float64)
ref = [[sum(x[i, k].item() * y[k, j].item() for k in range(7)) for j in range(3)] for i in range(5)]
print(torch.allclose(x @ y, torch.tensor(ref, dtype=torch.float64)))
print(torch.allclose((x.float() @ y.float()).double(), torch.tensor(ref, dtype=torch.float64), atol=1e-5))
print(torch.allclose(x.T.contiguous().T @ y, x @ y), torch.allclose(x.mm(y), x.matmul(y)))
c = torch.zeros(3, 3)
c @= torch.eye(3)
print(c.sum().item(), (torch.ones(3, 2).half() @ torch.ones(2, 2).half()).dtype)
