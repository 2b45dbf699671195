import torch
vals = [1.0, -2.0, 65504.0, 65520.0, 1e-8, 6e-8, 0.1, 1 / 3, float('inf'), 2049.0, 2051.0,
        5.960464477539063e-08]
h = torch.tensor(vals, dtype=torch.float32).to(torch.float16)
print([hex(b & 0xffff) for b in h.view(torch.int16).tolist()])
f = h.float().tolist()
print(f[:5], f[6:11], f[5] == 2 ** -24 == f[11])
print(torch.tensor([float('nan')]).half().view(torch.int16).item() & 0x7fff == 0x7e00)
print(torch.tensor([65519.0]).half().item(), torch.tensor([-70000.0]).half().item())
