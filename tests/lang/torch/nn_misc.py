import math
import torch
import torch.nn.functional as F
x = torch.tensor([[1.0, -2.0, 3.0]])
w = torch.tensor([[1.0, 0.0, 1.0], [0.5, 0.5, 0.5]])
b = torch.tensor([1.0, -1.0])
print(F.linear(x, w, b), F.linear(x, w).shape)
print(F.relu(torch.tensor([-1.0, 2.0])), torch.relu(torch.tensor([-1, 2])))
g = F.gelu(torch.tensor([1.0], dtype=torch.float64)).item()
print(abs(g - 0.5 * (1 + math.erf(1 / math.sqrt(2)))) < 1e-12)
s = F.silu(torch.tensor([2.0], dtype=torch.float64)).item()
print(abs(s - 2 / (1 + math.exp(-2))) < 1e-12)
print(F.sigmoid(torch.tensor([0.0])), torch.tanh(torch.tensor([0.0])))
with torch.no_grad():
    print(torch.ones(1))
@torch.no_grad()
def f(v):
    return v * 2
print(f(torch.ones(1)), torch.inference_mode is not None)
