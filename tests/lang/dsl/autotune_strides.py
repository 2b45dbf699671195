# flydsl.autotune's _normalize_strides: a tensor's strides bucketed to 0 (broadcast), 1 (contiguous) and
# "s" (other), the pattern the tuning cache key keeps; () without strides. Two tensors of the same shape and
# stride pattern share a key; a broadcast one does not.
import torch
from flydsl.autotune import Autotuner, Config, _normalize_strides


class Fake:
    def __init__(self, shape, strides=None):
        self.shape = shape
        self.dtype = "float32"
        self._strides = strides

    def stride(self):
        if self._strides == "boom":
            raise RuntimeError("no strides")
        return self._strides


print(_normalize_strides(torch.zeros(4, 8)))
print(_normalize_strides(torch.zeros(4, 8).t()))
print(_normalize_strides(torch.zeros(1, 8).expand(4, 8)))
print(_normalize_strides(Fake((4, 8), (16, 2))))
print(_normalize_strides(Fake((4, 8), "boom")))
print(_normalize_strides(object()))


def f(x):
    return x


t = Autotuner(f, [Config(BLOCK=1)], key=[], warmup=0, rep=1)
k1 = t._make_key((torch.zeros(4, 8),), {})
k2 = t._make_key((torch.zeros(4, 16)[:, :8],), {})
k3 = t._make_key((torch.zeros(1, 8).expand(4, 8),), {})
print(k1 == k2, k1 == k3)
