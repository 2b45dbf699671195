# torch.nn.functional.scaled_dot_product_attention (causal with more keys than queries: the top-left
# triangle as torch's; a bool and a float attn_mask; scale; enable_gqa) and cosine_similarity (a zero
# row, broadcasting, dim=-1), checked against float64 references computed here element by element;
# torch.backends.cudnn's flags, which programs set for reproducibility; torch.einsum of one or two operands;
# torch.logsumexp.
import math

import torch
import torch.backends.cudnn
import torch.nn.functional as F


def ref_attn(q, k, v, keep=None, add=None, scale=None):
    """q [L, D], k/v [S, D] as lists: softmax(q k^T * scale + add, masked where keep is False) v in float64."""
    L, S, D = len(q), len(k), len(q[0])
    sc = 1.0 / math.sqrt(D) if scale is None else scale
    out = []
    for i in range(L):
        s = [sum(q[i][d] * k[j][d] for d in range(D)) * sc + (add[i][j] if add else 0.0) for j in range(S)]
        s = [s[j] if keep is None or keep[i][j] else -math.inf for j in range(S)]
        m = max(s)
        e = [math.exp(x - m) for x in s]
        z = sum(e)
        out.append([sum(e[j] * v[j][d] for j in range(S)) / z for d in range(D)])
    return out


def close(t, ref, tol=1e-5):
    return all(abs(a - b) <= tol for ra, rb in zip(t.tolist(), ref) for a, b in zip(ra, rb))


torch.manual_seed(5)
L, S, D = 3, 5, 4
q, k, v = torch.randn(1, 2, L, D), torch.randn(1, 2, S, D), torch.randn(1, 2, S, D)
o = F.scaled_dot_product_attention(q, k, v, is_causal=True)
tri = [[j <= i for j in range(S)] for i in range(L)]
print("causal, L < S (top-left):", o.shape, all(close(o[0, h], ref_attn(q[0, h].tolist(), k[0, h].tolist(),
                                                                          v[0, h].tolist(), keep=tri)) for h in range(2)))
o = F.scaled_dot_product_attention(q, k, v, scale=0.3)
print("no mask, scale=0.3:", close(o[0, 1], ref_attn(q[0, 1].tolist(), k[0, 1].tolist(), v[0, 1].tolist(), scale=0.3)))
keep = torch.tensor([[True, False, True, True, False], [False, True, True, False, True], [True] * 5])
o = F.scaled_dot_product_attention(q, k, v, attn_mask=keep)
print("bool mask:", close(o[0, 0], ref_attn(q[0, 0].tolist(), k[0, 0].tolist(), v[0, 0].tolist(), keep=keep.tolist())))
bias = torch.randn(L, S)
o = F.scaled_dot_product_attention(q, k, v, attn_mask=bias)
print("float mask:", close(o[0, 0], ref_attn(q[0, 0].tolist(), k[0, 0].tolist(), v[0, 0].tolist(), add=bias.tolist())))
q4 = torch.randn(1, 4, L, D)
o = F.scaled_dot_product_attention(q4, k, v, enable_gqa=True)
print("enable_gqa, 4 query heads over 2:", o.shape,
      close(o[0, 3], ref_attn(q4[0, 3].tolist(), k[0, 1].tolist(), v[0, 1].tolist())))
try:
    F.scaled_dot_product_attention(q, k, v, attn_mask=keep, is_causal=True)
except RuntimeError as e:
    print("RuntimeError:", e)

a = torch.tensor([[3.0, 4.0, 0.0], [0.0, 0.0, 0.0], [1.0, -2.0, 2.0]])
b = torch.tensor([[4.0, 3.0, 0.0], [1.0, 1.0, 1.0], [-1.0, 2.0, -2.0]])
c = F.cosine_similarity(a, b, dim=1)
ref = [sum(x * y for x, y in zip(r, s)) / (max(math.sqrt(sum(x * x for x in r)), 1e-8) *
                                           max(math.sqrt(sum(y * y for y in s)), 1e-8)) for r, s in zip(a.tolist(), b.tolist())]
print("cosine_similarity:", c.shape, [round(x, 6) for x in c.tolist()], all(abs(x - y) < 1e-6 for x, y in zip(c.tolist(), ref)))
print("broadcast, dim=-1:", [round(x, 6) for x in F.cosine_similarity(a, torch.tensor([1.0, 0.0, 0.0]), dim=-1).tolist()])
print("dim=0:", [round(x, 6) for x in F.cosine_similarity(a, b, dim=0).tolist()])

print("cudnn flags:", torch.backends.cudnn.deterministic, torch.backends.cudnn.benchmark, torch.backends.cudnn.enabled)
torch.backends.cudnn.deterministic = True
print("set:", torch.backends.cudnn.deterministic, torch.backends.cudnn is torch.backends.cudnn)

# torch.einsum (one or two operands) against float64 sums written out here
x, y = torch.randn(2, 3, 4), torch.randn(2, 5, 4)
e = torch.einsum("bqd,bkd->bqk", x, y)
X, Y = x.tolist(), y.tolist()
want = [[[sum(X[b][i][d] * Y[b][j][d] for d in range(4)) for j in range(5)] for i in range(3)] for b in range(2)]
print("einsum bqd,bkd->bqk:", e.shape, all(abs(e[b, i, j].item() - want[b][i][j]) < 1e-5
                                           for b in range(2) for i in range(3) for j in range(5)))
qh, kh = torch.randn(3, 2, 4), torch.randn(5, 2, 4)
w = torch.einsum("qhd,khd->hqk", qh, kh)
Q, K = qh.tolist(), kh.tolist()
print("einsum qhd,khd->hqk:", w.shape, all(abs(w[h, i, j].item() - sum(Q[i][h][d] * K[j][h][d] for d in range(4))) < 1e-5
                                           for h in range(2) for i in range(3) for j in range(5)))
m = torch.arange(6.0).reshape(2, 3)
print("ij->ji", torch.einsum("ij->ji", m).tolist(), "ij->", torch.einsum("ij->", m).item(), "i,j->ij",
      torch.einsum("i,j->ij", torch.arange(2.0), torch.arange(3.0)).tolist(), "implicit ij,jk:",
      torch.einsum("ij,jk", m, torch.ones(3, 2)).tolist(), "i,i:", torch.einsum("i,i", torch.arange(3.0), torch.arange(3.0)).item())
for bad in (("ii->i", torch.eye(2)), ("...i->i", m), ("ij,jk->ik", m)):
    try:
        torch.einsum(bad[0], *bad[1:])
    except (NotImplementedError, RuntimeError) as e:
        print(type(e).__name__ + ":", e)

# torch.logsumexp: a -inf row stays -inf, +inf gives inf, large values do not overflow
z = torch.tensor([[1.0, 2.0, 3.0], [-math.inf] * 3, [math.inf, 0.0, 1.0], [1000.0, 1000.0, 0.0]])
lse = torch.logsumexp(z, dim=-1)
print("logsumexp:", [round(v, 4) for v in lse.tolist()], abs(lse[0].item() - math.log(sum(math.exp(v) for v in (1, 2, 3)))) < 1e-6,
      torch.logsumexp(z, dim=1, keepdim=True).shape, round(torch.logsumexp(z[:1], dim=(0, 1)).item(), 4))
