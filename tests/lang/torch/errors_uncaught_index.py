import torch
x = torch.arange(3)
print(x[1].item())
x[5]
