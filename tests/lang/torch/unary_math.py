import math
import torch
xs = [0.1, 0.5, 1.0, 2.0, 3.7]
x = torch.tensor(xs, dtype=torch.float64)
checks = [(torch.exp, math.exp), (torch.log, math.log), (torch.sqrt, math.sqrt), (torch.tanh, math.tanh),
          (torch.rsqrt, lambda v: 1 / math.sqrt(v)), (torch.sigmoid, lambda v: 1 / (1 + math.exp(-v)))]
for f, g in checks:
    print(torch.allclose(f(x), torch.tensor([g(v) for v in xs], dtype=torch.float64), rtol=1e-12, atol=0))
x32 = x.float()
print(torch.allclose(x32.exp().double(), torch.tensor([math.exp(v) for v in xs], dtype=torch.float64), rtol=1e-6))
print(torch.sqrt(torch.tensor([4.0, 9.0])), torch.tensor([4, 9]).sqrt().dtype)
print(torch.tensor([-1.5, 2.5]).abs(), abs(torch.tensor([-3, 3])))
print(torch.tensor([-1.0]).sqrt(), torch.tensor([0.0]).log())
print(torch.tensor([1.5, -1.5, 2.5]).round(), torch.trunc(torch.tensor([1.7, -1.7])), torch.tensor([1.2]).floor(), torch.tensor([1.2]).ceil())
print(torch.isnan(torch.tensor([1.0, float('nan')])), torch.isfinite(torch.tensor([1.0, float('inf')])))
y = torch.tensor([1.0, 4.0])
y.sqrt_()
print(y, torch.exp(torch.tensor([0.0], dtype=torch.float16)).dtype, torch.tensor([2, 3]).exp().dtype)
