# torch cumulative ops (tensor_scan.c): cumsum / cumprod (ints and bools as int64 unless dtype=, floats in
# their dtype), cummax / cummin (values and indices: the latest of equal values; a NaN, once met, stays),
# method and function forms, along any dim of a 2-D tensor, and the errors.
import torch

x = torch.tensor([[1, 3, 2, 3], [4, -1, 4, 0]])
print(x.cumsum(1).tolist(), x.cumsum(0).tolist(), x.cumsum(1).dtype, torch.cumsum(x, dim=-1).tolist())
print(x.cumsum(1, dtype=torch.int32).dtype, x.cumprod(1).tolist(), torch.cumprod(x, 0).tolist())
v = x.cummax(1)
print(v.values.tolist(), v.indices.tolist(), v.indices.dtype, type(v).__name__)
m = torch.cummin(x, 1)
print(m.values.tolist(), m.indices.tolist())
b = torch.tensor([True, False, True, True])
print(b.cumsum(0).tolist(), b.cumsum(0).dtype)
f = torch.tensor([0.5, float("nan"), 2.0, -1.0])
c = f.cummax(0)
print(c.values.tolist(), c.indices.tolist(), f.cumsum(0).tolist())
h = torch.tensor([1.0, 2.0, 3.0], dtype=torch.float16)
print(h.cumsum(0).tolist(), h.cumsum(0).dtype, h.cumprod(0, dtype=torch.float32).dtype)
print(torch.tensor(5).cumsum(0).tolist(), torch.zeros(0).cumsum(0).shape)
t = torch.arange(12).reshape(3, 4).t()  # not contiguous
print(t.cumsum(0).tolist())
for bad in (lambda: x.cumsum(2), lambda: torch.cumsum([1, 2], 0)):
    try:
        bad()
    except Exception as e:
        print(type(e).__name__ + ":", e)

# repeat_interleave: an int or a count per slice, along a dim or over the flattened tensor
y = torch.tensor([[1, 2], [3, 4]])
print(y.repeat_interleave(2).tolist(), torch.repeat_interleave(y, 2, dim=0).tolist(),
      y.repeat_interleave(torch.tensor([1, 2]), dim=1).tolist(), torch.tensor([5, 6]).repeat_interleave(0).shape)
try:
    y.repeat_interleave(torch.tensor([1, 2, 3]), dim=0)
except RuntimeError as e:
    print("RuntimeError:", e)
