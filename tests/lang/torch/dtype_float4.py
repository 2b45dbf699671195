# torch.float4_e2m1fn_x2: a storage dtype of packed fp4 pairs (one byte each), viewed to and from uint8;
# no arithmetic on it, as in torch
import torch
d = torch.float4_e2m1fn_x2
print(d, d.itemsize)
u = torch.tensor([0x12, 0xF0, 0x7], dtype=torch.uint8)
f = u.view(d)
print(f.dtype, f.shape, f.element_size())
print(f.view(torch.uint8).tolist(), f.data_ptr() == u.data_ptr())
e = torch.empty(4, 2, dtype=d, device="cuda")
print(e.dtype, e.shape, e.device)
try:
    f + f
except RuntimeError as err:
    print("RuntimeError:", err)
print(torch.uint8 in (torch.uint8, torch.float4_e2m1fn_x2), d == torch.float4_e2m1fn_x2)
