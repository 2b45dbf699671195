import torch
print(torch.arange(30))
print(torch.arange(20, dtype=torch.float32) / 3)
print(torch.arange(2000))
print(torch.arange(1200).reshape(40, 30))
print(torch.ones(3, 2, 2))
print(torch.zeros(1001))
