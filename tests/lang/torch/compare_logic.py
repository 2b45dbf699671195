import torch
a = torch.tensor([1, 2, 3, 4])
b = torch.tensor([4, 2, 1, 4])
print(a == b, a != b)
print(a < b, a >= 3)
m = (a > 1) & (b < 4)
print(m, (a > 3) | (b > 3), ~m)
print(~torch.tensor([0, 5], dtype=torch.int32), a & 6, a | 1, a ^ b)
print(torch.tensor([1.0, float('nan')]) == torch.tensor([1.0, float('nan')]))
try:
    ~torch.tensor([1.0])
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    -torch.tensor([True])
except RuntimeError as e:
    print("RuntimeError:", e)
print(torch.tensor([True, False]).logical_not(), torch.tensor([1, 0]).logical_not())
print(torch.tensor([1.5]) > 1, 2 > torch.tensor([1, 3]), torch.tensor(2) == 2)
