import torch
a = torch.tensor([1.0, 2.0, 3.0])
b = a + 1e-6
print(torch.allclose(a, b), torch.allclose(a, a + 1e-3), torch.allclose(a, a + 1e-3, atol=1e-2))
print(torch.isclose(a, torch.tensor([1.0, 2.1, float('nan')])))
n = torch.tensor([float('nan'), 1.0])
print(torch.allclose(n, n), torch.allclose(n, n, equal_nan=True))
print(torch.equal(a, a.clone()), torch.equal(a, b), torch.equal(a, a[:2]))
print(a.allclose(b), torch.isclose(torch.tensor([1, 2]), torch.tensor([1, 3])))
try:
    torch.allclose(a, a.double())
except RuntimeError as e:
    print("RuntimeError:", e)
inf = torch.tensor([float('inf'), -float('inf')])
print(torch.isclose(inf, inf), torch.isclose(inf, -inf))
print(torch.allclose(torch.tensor([100.0]), torch.tensor([100.5]), rtol=1e-2), torch.allclose(a, a, 0, 0))
print(torch.equal(torch.tensor([1, 2]), torch.tensor([1, 2])), torch.allclose(a.cuda(), b.cuda()))
