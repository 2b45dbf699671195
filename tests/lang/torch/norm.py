# Tensor.norm (torch's vector norm; FlyDSL's MoE tests take cosine similarities with it): p 2 / 'fro' (the
# default), 1, inf, 0 and other p, over all elements or along dim (keepdim), bf16 computed then rounded to
# bf16, and torch's error for an integer tensor. Each value beside the same norm in plain Python floats.
import math

import torch

rows = [[3.0, -4.0, 0.5], [1.0, 0.0, -2.0]]
flat = [v for r in rows for v in r]
a = torch.tensor(rows)
print(a.norm(), round(float(a.norm()), 4), round(math.sqrt(sum(v * v for v in flat)), 4))
print(a.norm("fro"), a.norm(1), sum(abs(v) for v in flat), a.norm(float("inf")), a.norm(0))
print(round(float(a.norm(3)), 4), round(sum(abs(v) ** 3 for v in flat) ** (1 / 3), 4))
print(a.norm(dim=1), [round(math.sqrt(sum(v * v for v in r)), 4) for r in rows])
print(a.norm(p=1, dim=0, keepdim=True), a.norm(dim=-1, keepdim=True).shape)
print(a.to(torch.bfloat16).norm(), a.double().norm().dtype)
x = torch.randn(1000)
y = torch.randn(1000)
cos = float((x @ y) / (x.norm() * y.norm()))
xs, ys = x.tolist(), y.tolist()
ref = sum(p * q for p, q in zip(xs, ys)) / math.sqrt(sum(p * p for p in xs) * sum(q * q for q in ys))
print(abs(cos - ref) < 1e-5, float(x.norm() * x.norm()) > 0)
try:
    torch.tensor([1, 2]).norm()
except RuntimeError as e:
    print("RuntimeError:", e)
