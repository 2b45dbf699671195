# torch.nn.functional.conv1d / conv2d / conv3d against a float64 reference written here as the direct sum
# (every output, channel and kernel position): stride 2 with padding, dilation 2 with groups 2, bias; padding="same";
# a bf16 input gives a bf16 result (accumulated in float32); an unbatched input; the channel error. F.pad.
import itertools

import torch
import torch.nn.functional as F


def ref(x, w, b, st, pad, dl, g, nd):
    X, W = x.double().tolist(), w.double().tolist()
    N, C = x.shape[0], x.shape[1]; K, Cg = w.shape[0], w.shape[1]; ks = list(w.shape[2:]); sp = list(x.shape[2:])
    osp = [(n + 2 * pad - dl * (k - 1) - 1) // st + 1 for n, k in zip(sp, ks)]
    out = torch.zeros(N, K, *osp, dtype=torch.float64)
    def get(a, idx):
        for i in idx: a = a[i]
        return a
    for n in range(N):
        for k in range(K):
            gi = k // (K // g)
            for o in itertools.product(*[range(v) for v in osp]):
                s = b[k].item() if b is not None else 0.0
                for c in range(Cg):
                    for p in itertools.product(*[range(v) for v in ks]):
                        ii = [oo * st + pp * dl - pad for oo, pp in zip(o, p)]
                        if all(0 <= i < m for i, m in zip(ii, sp)):
                            s += get(X[n][gi * Cg + c], ii) * get(W[k][c], p)
                out[(n, k) + o] = s
    return out
torch.manual_seed(1)
for nd, (st, pad, dl, g) in itertools.product((1, 2, 3), ((1, 0, 1, 1), (2, 1, 1, 1), (1, 2, 2, 2))):
    sp = [7, 6, 5][:nd]
    x = torch.randn(2, 4, *sp); w = torch.randn(6, 4 // g, *([3] * nd)); b = torch.randn(6)
    y = getattr(F, "conv%dd" % nd)(x, w, b, stride=st, padding=pad, dilation=dl, groups=g)
    r = ref(x, w, b, st, pad, dl, g, nd)
    print(nd, st, pad, dl, g, tuple(y.shape), (y.double() - r).abs().max().item() < 1e-4)

print("same:", F.conv1d(torch.ones(1, 1, 5), torch.ones(1, 1, 3), padding="same").tolist())
xb, wb = torch.randn(1, 3, 6, 6).to(torch.bfloat16), torch.randn(2, 3, 3, 3).to(torch.bfloat16)
yb = F.conv2d(xb, wb, padding=1)
print("bf16:", yb.dtype, tuple(yb.shape), (yb.double() - ref(xb.float(), wb.float(), None, 1, 1, 1, 1, 2)).abs().max().item() < 0.07)
print("unbatched:", tuple(F.conv1d(torch.randn(4, 9), torch.randn(5, 4, 3)).shape))
try:
    F.conv2d(torch.randn(1, 3, 5, 5), torch.randn(2, 4, 3, 3))
except RuntimeError as e:
    print("RuntimeError:", e)

# F.pad, mode "constant": the pairs from the last dim backwards, a value, a negative amount crops, dtype kept
x = torch.arange(6).reshape(2, 3).int()
print("pad:", F.pad(x, (1, 2)).tolist(), F.pad(x, (0, 0, 1, 0), value=9).tolist(), F.pad(x, (-1, 1)).tolist(),
      F.pad(torch.arange(3).int(), (0, 4), value=0).dtype)
for bad in (dict(pad=(1,)), dict(pad=(1, 1), mode="reflect")):
    try:
        F.pad(x, **bad)
    except (RuntimeError, NotImplementedError) as e:
        print(type(e).__name__ + ":", e)
