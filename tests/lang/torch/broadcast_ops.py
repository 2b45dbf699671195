import torch
a = torch.tensor([[1.0], [2.0], [3.0]])
b = torch.tensor([10.0, 20.0])
print(a + b)
print(a * b - 1)
print(b / a)
print(2 - b, 1 / torch.tensor([2.0, 4.0]))
print(-a.T)
i = torch.tensor([7, -7])
print(i // 2, i % 3, i / 2)
f = torch.tensor([7.5, -7.5])
print(f // 2, f % 2)
print(torch.tensor([2, 3]) ** 2, torch.tensor([4.0, 9.0]) ** 0.5, 2 ** torch.tensor([1, 3]))
try:
    torch.ones(2, 3) + torch.ones(4)
except RuntimeError as e:
    print("RuntimeError:", e)
print((torch.ones(2, 1, 3) + torch.ones(4, 1)).shape, torch.broadcast_shapes((2, 1), (3,)))
print(torch.add(torch.ones(2), 1, alpha=2), torch.tensor([5, 7]).div(2, rounding_mode="floor"))
