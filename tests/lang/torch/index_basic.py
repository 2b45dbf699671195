import torch
x = torch.arange(24).reshape(2, 3, 4)
print(x[1, 2, 3].item(), x[-1, -1, -1].item())
print(x[0, 1])
print(x[:, 0, ::2])
print(x[..., 1])
print(x[0, None, :, 1].shape)
print(x[None].shape, x[:, None, 1].shape)
print(x[1, 1:, 1:3])
print(x[0][2][1:])
try:
    x[2]
except IndexError as e:
    print("IndexError:", e)
try:
    x[0, 0, 0, 0]
except IndexError as e:
    print("IndexError:", e)
try:
    x[1, ::-1]
except ValueError as e:
    print("ValueError:", e)
v = torch.arange(10)
print(v[:8], v[2:9:3], v[-3:])
print(v[8:2].shape, v[torch.tensor(3)], x[1, ..., 2])
