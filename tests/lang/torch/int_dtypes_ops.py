import torch
a = torch.tensor([100, 120], dtype=torch.int8)
print(a + a, (a * 2).dtype)
u = torch.tensor([250, 5], dtype=torch.uint8)
print(u + 10, u - 10)
print(torch.tensor([5], dtype=torch.int16) // torch.tensor([-2], dtype=torch.int16))
try:
    torch.tensor([1]) // torch.tensor([0])
except RuntimeError as e:
    print("RuntimeError:", e)
print(torch.tensor([2 ** 31 - 1], dtype=torch.int32) + 1)
print(torch.tensor([1, 2, 3]) << 2, torch.tensor([-8]) >> 1, torch.tensor([7]) % -3)
x = torch.tensor([1.7, -1.7, 2.5, -0.5, 100.9])
print(x.long(), x.int(), x.to(torch.int8))
print(torch.tensor([300, -129, 255]).to(torch.uint8))
print(torch.tensor([300, -129, 127]).to(torch.int8))
print(torch.tensor([0, 2, -1]).bool(), torch.tensor([True, False]).float(), torch.tensor([1.5, 0.0]).bool())
