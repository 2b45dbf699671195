import torch
nan, inf = float('nan'), float('inf')
e4 = [1.0, 448.0, 464.0, 480.0, 500.0, -1.5, 0.001953125, 0.0009765625, 0.00146484375, inf, -inf, nan]
t = torch.tensor(e4).to(torch.float8_e4m3fn)
print([hex(v) for v in t.view(torch.uint8).tolist()])
print(t.float().tolist())
e5 = [1.0, 57344.0, 61440.0, 65536.0, -2.0, nan, 2 ** -16, 0.75]
t = torch.tensor(e5).to(torch.float8_e5m2)
print([hex(v) for v in t.view(torch.uint8).tolist()])
print(t.float().tolist())
uz = [1.0, 240.0, 248.0, 300.0, -1.0, 0.0, nan, inf, 0.1]
t = torch.tensor(uz).to(torch.float8_e4m3fnuz)
print([hex(v) for v in t.view(torch.uint8).tolist()])
print(t.float().tolist())
print(torch.tensor([0.3]).to(torch.float8_e4m3fn).to(torch.float16).item())
