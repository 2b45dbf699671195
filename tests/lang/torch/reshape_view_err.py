import torch
x = torch.arange(6)
print(x.reshape(2, -1).shape, x.view(-1, 3).shape, x.reshape((3, 2)).shape)
try:
    x.reshape(4, 2)
except RuntimeError as e:
    print("RuntimeError:", e)
t = torch.arange(6).reshape(2, 3).t()
try:
    t.view(6)
except RuntimeError as e:
    print("RuntimeError:", e)
print(t.reshape(6))
try:
    x.view(-1, -1)
except RuntimeError as e:
    print("RuntimeError:", e)
print(torch.arange(24).reshape(2, 3, 4)[:, 1].reshape(8).tolist())
print(torch.zeros(2, 3, 4).transpose(1, 2).reshape(2, 12).is_contiguous())
print(torch.zeros(4, 6)[:, :3].view(2, 2, 3).stride())
