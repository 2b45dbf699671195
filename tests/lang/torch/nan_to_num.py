# torch.nan_to_num (NaN -> 0 or nan=, +-inf -> the dtype's largest/lowest finite or posinf=/neginf=, integer
# tensors copied), Tensor.clamp_min / clamp_max (one bound of clamp), nonzero(as_tuple=) as method and function.
import torch
x = torch.tensor([float("nan"), float("inf"), -float("inf"), 1.5, -2.0])
print(torch.nan_to_num(x))
print(x.nan_to_num(nan=7.0, posinf=1.0, neginf=-1.0))
print(torch.nan_to_num(x.half()), torch.nan_to_num(x.bfloat16()))
print(torch.nan_to_num(x.double(), posinf=2.0))
i = torch.tensor([1, 2, 3])
print(torch.nan_to_num(i), torch.nan_to_num(i) is i)
y = torch.tensor([[-1.0, 0.5], [2.0, 3.0]])
print(y.clamp_min(0.0), y.clamp_max(1.0), torch.clamp_min(y, 1.0))
print(y.clamp_min(torch.tensor([0.0, 1.0])))
z = torch.tensor([[0., 1.], [2., 0.]])
print(z.nonzero(), z.nonzero(as_tuple=True), torch.nonzero(z, as_tuple=True), torch.nonzero(z).shape)
