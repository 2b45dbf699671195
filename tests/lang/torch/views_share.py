import torch
x = torch.zeros(2, 3)
t = x.T
t[2, 1] = 5
print(x)
r = x.reshape(6)
r[0] = 1
print(x[0, 0].item())
s = x[:, ::2]
s.fill_(9)
print(x)
u = x.unsqueeze(0)
u[0, 1, 1] = -1
print(x[1])
v = x.view(3, 2)
print(v.data_ptr() == x.data_ptr(), v.is_contiguous())
xc = x.T.reshape(6)
xc[0] = 100
print(x[0, 0].item())
d = x.detach()
d[0, 1] = 4
print(x[0].tolist(), x.data.shape)
