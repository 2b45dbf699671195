import torch
s = torch.zeros(2, 3, 4).shape
print(s, type(s).__name__, isinstance(s, tuple), len(s), s[1], s[-1], s.numel())
M, N, K = s
print(M, N, K, s == (2, 3, 4), list(s), tuple(s))
print(torch.Size([5, 6]), torch.Size())
print(torch.zeros(s).shape == s, torch.ones(torch.Size([2])).shape)
print(torch.zeros(()).shape, torch.tensor(1.0).dim(), torch.tensor(1.0).shape)
print(f"{s}", str(s), torch.zeros(2, 3).size())
# flyi extension: FlyDSL host code writes A.shape.unpack() on a jit's tensor argument
M, N = torch.zeros(100, 1000).shape.unpack()
print(M + 1, N, type(M).__name__, s.unpack(), torch.Size().unpack())
