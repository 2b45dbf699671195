import torch
x = torch.ones(2, 3, dtype=torch.float16, device="cuda")
for f in (torch.zeros_like, torch.ones_like, torch.empty_like, torch.randn_like, torch.rand_like):
    y = f(x)
    print(y.shape, y.dtype, y.device)
z = torch.full_like(x, 3)
print(z)
w = torch.zeros_like(x, dtype=torch.int32, device="cpu")
print(w)
print(torch.ones_like(torch.arange(3)))
