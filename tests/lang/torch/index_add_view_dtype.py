# Tensor.index_add_ / index_add / torch.index_add (torch's documented semantics: self.select(dim, index[i])
# += alpha * source.select(dim, i) in index order, duplicates accumulate; the checks' messages) and
# Tensor.view(dtype) between element sizes (the last dimension scaled, torch's rules and errors).
import torch

x = torch.zeros(5, 3)
t = torch.tensor([[1., 2., 3.], [4., 5., 6.], [7., 8., 9.]])
idx = torch.tensor([0, 4, 2])
print(x.index_add_(0, idx, t))
print(x.index_add(0, torch.tensor([1, 1, 1]), t, alpha=-1))
y = torch.ones(2, 4, dtype=torch.int32)
print(y.index_add_(1, torch.tensor([3, 0], dtype=torch.int32), torch.tensor([[10, 20], [30, 40]], dtype=torch.int32), alpha=2))
print(torch.index_add(torch.zeros(4), 0, torch.tensor([2, 2, 0]), torch.tensor([0.5, 0.25, 1.0])))
h = torch.zeros(2, dtype=torch.float16)
print(h.index_add_(0, torch.tensor([0, 0, 0, 0]), torch.tensor([2048., 1., 1., 1.], dtype=torch.float16)))
z = torch.zeros(3, 4)
print(z[:, 1:3].index_add_(0, torch.tensor([2, 0]), torch.ones(2, 2) * 3), z, sep="\n")
for bad in (lambda: x.index_add_(0, torch.tensor([5]), t[:1]),
            lambda: x.index_add_(0, torch.tensor([0.0]), t[:1]),
            lambda: x.index_add_(0, idx, t.double()),
            lambda: x.index_add_(0, torch.tensor([0, 1]), t),
            lambda: x.index_add_(0, idx, torch.ones(3, 2)),
            lambda: y.index_add_(0, torch.tensor([0]), y[:1], alpha=0.5)):
    try:
        bad()
    except (RuntimeError, IndexError) as e:
        print(type(e).__name__ + ":", e)

b = torch.arange(8, dtype=torch.uint8).reshape(2, 4)
w = b.view(torch.int32)
print(w.shape, w.stride(), w.tolist())
print(b.view(torch.int16).shape, b.view(torch.float16).dtype)
f = torch.tensor([[1.0, -2.0], [0.5, 3.0]])
u = f.view(torch.uint8)
print(u.shape, u.stride(), u[0].tolist(), u.view(torch.float32).tolist())
print(f[1].view(torch.int16).storage_offset(), f.view(torch.bfloat16)[0].tolist())
print(torch.tensor([1.0, 2.0], dtype=torch.float16).view(torch.int16).tolist())
for bad in (lambda: torch.arange(6, dtype=torch.uint8).view(torch.int32),
            lambda: torch.arange(8, dtype=torch.uint8)[1:5].view(torch.int32),
            lambda: torch.arange(12, dtype=torch.uint8).reshape(3, 4)[:, :2].view(torch.int16).view(torch.int32),
            lambda: torch.tensor(1.0).view(torch.uint8),
            lambda: f.t().view(torch.uint8),
            lambda: torch.arange(24, dtype=torch.uint8).reshape(4, 6)[:, :4].view(torch.int32)):
    try:
        bad()
    except RuntimeError as e:
        print("RuntimeError:", e)
