# copy.deepcopy of tensors (FlyDSL's run_perftest rotates deep copies of the kernel arguments): the copy keeps the
# device, the values, the dtype and requires_grad, and does not share storage with the original.
import copy
import torch

x = torch.arange(6, dtype=torch.float32, device="cuda").reshape(2, 3)
w = torch.ones(2, requires_grad=True)
h = torch.tensor([1, 2, 3], dtype=torch.int8)
y, z, g = copy.deepcopy((x, w, h))
y[0, 0] = 9.0
print(y.device, y.dtype, y.shape, y.tolist(), x.tolist())
print(z.requires_grad, z.is_leaf, g.dtype, g.device, g.tolist())
