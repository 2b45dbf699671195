import torch
src = torch.arange(10) * 10
idx = torch.tensor([3, 0, 9])
print(src[idx])
print(src[idx.int()].tolist())
print(src[[1, 2]])
m = torch.arange(12).reshape(3, 4)
print(m[torch.tensor([2, 0])])
print(m[:, torch.tensor([1, 3])])
print(m[torch.tensor([0, 2]), torch.tensor([1, 3])])
print(m[torch.tensor([[0], [2]]), torch.tensor([1, 3])])
mask = m % 2 == 0
print(m[mask])
print(m[torch.tensor([True, False, True])])
print(src[src > 55])
perm = torch.randperm(10)[:4].to(torch.int32)
print(sorted(src[perm.long()].tolist()) == sorted([v * 10 for v in perm.tolist()]))
try:
    src[torch.tensor([10])]
except IndexError as e:
    print("IndexError:", e)
try:
    m[torch.tensor([True, False])]
except IndexError as e:
    print("IndexError:", e)
print(m[1:, [0, 0]])
print(m[torch.tensor([-1])], m[[0, 1], 2:].shape)
t3 = torch.arange(24).reshape(2, 3, 4)
print(t3[:, [0, 2], [1, 3]].shape, t3[[0, 1], :, [1, 3]].shape)
