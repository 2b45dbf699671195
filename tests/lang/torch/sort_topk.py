# torch.sort / argsort / topk along a dimension: values and indices, descending, NaN above every number
# (last ascending, first descending), stable ties, integers, k = 0, device tensors, and k out of range.
import torch
x = torch.tensor([[3., 1., float('nan'), 2., 1.], [0., 5., 4., 5., -1.]])
v, i = torch.topk(x, 3)
print(v, i)
print(x.topk(2, dim=0, largest=False))
s = torch.sort(x, dim=1, descending=True)
print(s.values, s.indices)
print(torch.sort(x))
print(torch.argsort(x, dim=1))
print(x.argsort(descending=True))
y = torch.tensor([[3, 1, 2], [2, 2, 1]], dtype=torch.int32)
print(torch.topk(y, 2), y.sort(stable=True))
print(torch.topk(torch.arange(6.).reshape(2, 3), 0, dim=1))
z = torch.randn(4, 8, device="cuda")
print(torch.topk(z, 3).values.device)
try:
    torch.topk(x, 9)
except RuntimeError as e:
    print("RuntimeError:", e)
