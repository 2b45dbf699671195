import math
import torch
torch.manual_seed(0)
x = torch.randn(4, 6)
def ref_softmax(rows):
    out = []
    for r in rows:
        m = max(r)
        e = [math.exp(v - m) for v in r]
        s = sum(e)
        out.append([v / s for v in e])
    return out
r = torch.tensor(ref_softmax(x.tolist()), dtype=torch.float64)
print(torch.allclose(torch.softmax(x, dim=1).double(), r, atol=1e-6))
print(torch.allclose(torch.nn.functional.softmax(x, dim=-1).double(), r, atol=1e-6))
print(torch.allclose(x.softmax(1).double(), r, atol=1e-6))
cols = torch.tensor(ref_softmax(x.T.tolist()), dtype=torch.float64).T
print(torch.allclose(torch.softmax(x, dim=0).double(), cols, atol=1e-6))
s = torch.softmax(x, 1).sum(1)
print(torch.allclose(s, torch.ones(4)))
print(torch.softmax(torch.tensor([1.0, 1.0]), 0))
print(torch.softmax(torch.tensor([0.0, 1000.0]), 0))
print(torch.softmax(x.half(), 1).dtype, torch.softmax(x, 1, dtype=torch.float64).dtype)
lr = torch.tensor([[math.log(v) for v in row] for row in r.tolist()], dtype=torch.float64)
print(torch.allclose(torch.log_softmax(x, 1).double(), lr, atol=1e-5))
x3 = torch.randn(2, 3, 5)
ref3 = torch.tensor([ref_softmax(m) for m in x3.tolist()], dtype=torch.float64)
print(torch.allclose(torch.softmax(x3, -1).double(), ref3, atol=1e-6))
