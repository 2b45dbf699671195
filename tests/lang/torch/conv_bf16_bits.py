import torch
vals = [1.0, 1.00390625, 1.01171875, 0.1, -3.0, 3.4e38, float('nan'), 1e-40]
b = torch.tensor(vals).to(torch.bfloat16)
print([hex(v & 0xffff) for v in b.view(torch.int16).tolist()])
print(b.float().tolist()[:6])
print(torch.tensor([1.0], dtype=torch.bfloat16).bfloat16().dtype, b.element_size())
