import torch.nn.functional as F
import torch
from torch import nn
import torch.cuda
from torch.testing import assert_close
print(F is torch.nn.functional, nn is torch.nn, torch.cuda.is_available())
assert_close(torch.ones(2), torch.ones(2))
print(torch.__name__, torch.Tensor, torch.float32)
print(type(torch.ones(1)).__name__, torch.Tensor([1.0, 2.0]), torch.Size)
