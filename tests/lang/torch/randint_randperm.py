import torch
torch.manual_seed(0)
r = torch.randint(0, 10, (2000,))
print(r.dtype, r.shape, r.min().item() >= 0, r.max().item() <= 9)
counts = [(r == k).sum().item() for k in range(10)]
print(all(100 < c < 300 for c in counts))
r2 = torch.randint(5, (3, 4), dtype=torch.int32, device="cuda")
print(r2.dtype, r2.shape, r2.device, bool(((r2 >= 0) & (r2 < 5)).all()))
r3 = torch.randint(-3, 3, size=(100,))
print(r3.min().item() >= -3, r3.max().item() <= 2)
p = torch.randperm(20)
print(p.dtype, sorted(p.tolist()) == list(range(20)))
p2 = torch.randperm(64, device="cuda")[:16].to(torch.int32)
print(p2.dtype, p2.device, len(set(p2.tolist())))
