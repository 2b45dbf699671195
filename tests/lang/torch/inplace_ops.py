import torch
x = torch.ones(3)
x += 1
x *= torch.tensor([1.0, 2.0, 3.0])
x -= 0.5
x /= 2
print(x)
i = torch.tensor([1, 2, 3])
i += 2
i *= 3
print(i)
try:
    i += 1.5
except RuntimeError as e:
    print("RuntimeError:", e)
y = torch.zeros(2, 3)
y += torch.tensor([1.0, 2.0, 3.0])
print(y)
try:
    z = torch.zeros(3)
    z += torch.ones(2, 3)
except RuntimeError as e:
    print("RuntimeError:", e)
h = torch.zeros(2, dtype=torch.float16)
h += torch.tensor([1.5, 2.5])
print(h)
v = torch.arange(4)
w = v
v += 10
print(w, w is v)
print(torch.ones(2).add_(1).mul_(3), torch.ones(2).clamp_(min=2.0))
s = torch.zeros(4)
s[1:3] += 5
print(s)
