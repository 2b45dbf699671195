import math
import torch
import torch.nn.functional as F
torch.manual_seed(2)
x = torch.randn(4, 16)
w = torch.rand(16)
def rms(rows, w, eps):
    out = []
    for r in rows:
        ms = sum(t * t for t in r) / len(r)
        out.append([t / math.sqrt(ms + eps) * wi for t, wi in zip(r, w)])
    return out
ref = torch.tensor(rms(x.tolist(), w.tolist(), 1e-6), dtype=torch.float64)
print(torch.allclose(F.rms_norm(x, (16,), w, eps=1e-6).double(), ref, atol=1e-5))
ref2 = torch.tensor(rms(x.tolist(), [1.0] * 16, torch.finfo(torch.float32).eps), dtype=torch.float64)
print(torch.allclose(F.rms_norm(x, [16]).double(), ref2, atol=1e-5))
print(F.rms_norm(x.half(), (16,)).dtype)
print(torch.finfo(torch.float32).eps, torch.finfo(torch.float16).max, torch.iinfo(torch.int8).min)
print(torch.finfo(torch.bfloat16).eps, torch.iinfo(torch.int32).max, torch.finfo().bits)
