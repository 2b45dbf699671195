import math
import torch
import torch.nn.functional as F
torch.manual_seed(1)
x = torch.randn(3, 8)
w = torch.randn(8)
b = torch.randn(8)
def ln(rows, w, b, eps=1e-5):
    out = []
    for r in rows:
        m = sum(r) / len(r)
        v = sum((t - m) ** 2 for t in r) / len(r)
        out.append([(t - m) / math.sqrt(v + eps) * wi + bi for t, wi, bi in zip(r, w, b)])
    return out
ref = torch.tensor(ln(x.tolist(), w.tolist(), b.tolist()), dtype=torch.float64)
y = F.layer_norm(x, (8,), w, b)
print(y.dtype, y.shape)
print(torch.allclose(y.double(), ref, atol=1e-5))
ref2 = torch.tensor(ln(x.tolist(), [1.0] * 8, [0.0] * 8), dtype=torch.float64)
print(torch.allclose(F.layer_norm(x, [8]).double(), ref2, atol=1e-5))
y3 = F.layer_norm(x.reshape(3, 2, 4), (2, 4))
print(torch.allclose(y3.reshape(3, 8).double(), ref2, atol=1e-5))
print(torch.allclose(F.layer_norm(x, (8,), eps=1e-3).double(), torch.tensor(ln(x.tolist(), [1.0] * 8, [0.0] * 8, 1e-3), dtype=torch.float64), atol=1e-5))
try:
    F.layer_norm(x, (4,))
except RuntimeError as e:
    print("RuntimeError:", e)
print(F.layer_norm(x.half(), (8,)).dtype)
