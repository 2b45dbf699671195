"""Functions of torch.nn.functional (and torch.einsum) for flyi written in Python on flyi's tensor operations.

einsum: one or two operands, explicit ("ij,jk->ik") or implicit output (the letters seen once, in order); a letter
only one operand has and the output lacks is summed first, then batch letters (both operands and the output),
contracted letters (both, not the output) and each operand's own letters become one batched matmul. Not supported:
"...", a letter twice in one operand (diagonals), three or more operands.

conv1d / conv2d / conv3d: for each kernel position, the strided window of the zero-padded input times that
position's weights (one matmul over the channels), accumulated in float32 and rounded to the input's dtype once;
stride, padding (ints, tuples, "valid", "same"), dilation, groups and bias.

pad: mode "constant" (the pairs from the last dim backwards; a negative amount crops), filled with value.

logsumexp: log(sum(exp(x - m))) + m with m the maximum along dim (0 where it is infinite, so that a row of -inf gives
-inf and one with +inf gives inf, as torch's).

cosine_similarity: x1 . x2 / (max(|x1|, eps) * max(|x2|, eps)) along dim, the inputs broadcast, as torch's.

scaled_dot_product_attention: softmax(q @ k^T * scale + mask) @ v, computed in the inputs' dtype as torch's math path does. is_causal
keeps the lower triangle aligned at the top left (query i sees keys 0..i), as torch's; a bool attn_mask
keeps where True, a float one is added; enable_gqa repeats each key/value head over its query heads."""

import math as _math

_torch = None  # torch, bound by _bind()


def _bind(torch_mod):
    global _torch
    _torch = torch_mod


def scaled_dot_product_attention(
    query, key, value, attn_mask=None, dropout_p=0.0, is_causal=False, scale=None, enable_gqa=False
):
    torch = _torch
    L, S = query.size(-2), key.size(-2)
    if is_causal and attn_mask is not None:
        raise RuntimeError("_scaled_dot_product_attention: Explicit attn_mask should not be set when is_causal=True")
    scale_factor = 1.0 / _math.sqrt(query.size(-1)) if scale is None else scale
    if enable_gqa and query.dim() >= 3 and key.size(-3) != query.size(-3):
        rep = query.size(-3) // key.size(-3)
        key = key.repeat_interleave(rep, dim=-3)
        value = value.repeat_interleave(rep, dim=-3)
    attn = torch.matmul(query, key.transpose(-2, -1)) * scale_factor
    if is_causal:
        dev = query.device
        keep = torch.arange(S, device=dev).view(1, S) <= torch.arange(L, device=dev).view(L, 1)
        attn = attn.masked_fill(keep.logical_not(), float("-inf"))
    if attn_mask is not None:
        if attn_mask.dtype == torch.bool:
            attn = attn.masked_fill(attn_mask.logical_not(), float("-inf"))
        else:
            attn = attn + attn_mask
    attn = torch.softmax(attn, dim=-1)
    if dropout_p > 0.0:
        keep = torch.rand(attn.shape, device=attn.device) >= dropout_p
        attn = attn * keep.to(attn.dtype) / (1.0 - dropout_p)
    return torch.matmul(attn, value)


def cosine_similarity(x1, x2, dim=1, eps=1e-8):
    torch = _torch
    zero = x1 * 0 + x2 * 0  # the broadcast shape
    n1 = torch.clamp(torch.sqrt((x1 * x1 + zero).sum(dim=dim)), min=eps)
    n2 = torch.clamp(torch.sqrt((x2 * x2 + zero).sum(dim=dim)), min=eps)
    return (x1 * x2).sum(dim=dim) / (n1 * n2)


def einsum(equation, *operands):
    torch = _torch
    if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
        operands = tuple(operands[0])
    eq = equation.replace(" ", "")
    if "..." in eq:
        raise NotImplementedError("einsum: '...' is not supported by flyi's torch")
    lhs, arrow, out = eq.partition("->")
    ins = lhs.split(",")
    if len(ins) != len(operands):
        raise RuntimeError("einsum(): more operands were provided than specified in the equation"
                           if len(operands) > len(ins) else
                           "einsum(): fewer operands were provided than specified in the equation")
    if len(ins) > 2:
        raise NotImplementedError("einsum: flyi's torch takes one or two operands")
    for sub, t in zip(ins, operands):
        if len(set(sub)) != len(sub):
            raise NotImplementedError("einsum: a subscript repeated in one operand (%r) is not supported" % sub)
        if len(sub) != t.dim():
            raise RuntimeError("einsum(): the number of subscripts in the equation (%d) does not match the number "
                               "of dimensions (%d) for operand %d and no ellipsis was given"
                               % (len(sub), t.dim(), ins.index(sub)))
    if not arrow:
        seen = "".join(ins)
        out = "".join(sorted(c for c in set(seen) if seen.count(c) == 1))
    sizes = {}
    for sub, t in zip(ins, operands):
        for c, n in zip(sub, t.shape):
            sizes[c] = max(sizes.get(c, 1), n)

    def reduce_own(t, sub, keep):  # sums the letters of t that neither keep nor out has
        gone = [i for i, c in enumerate(sub) if c not in keep and c not in out]
        if gone:
            t = t.sum(dim=tuple(gone))
            sub = "".join(c for c in sub if c in keep or c in out)
        return t, sub

    if len(ins) == 1:
        t, sub = reduce_own(operands[0], ins[0], "")
        return t.permute(*[sub.index(c) for c in out]) if sub else t
    (a, sa), (b, sb) = reduce_own(operands[0], ins[0], ins[1]), reduce_own(operands[1], ins[1], ins[0])
    batch = [c for c in sa if c in sb and c in out]
    con = [c for c in sa if c in sb and c not in out]
    fa = [c for c in sa if c not in sb]
    fb = [c for c in sb if c not in sa]

    def prod(cs):
        n = 1
        for c in cs:
            n *= sizes[c]
        return n

    a = a.permute(*[sa.index(c) for c in batch + fa + con]).expand(*[sizes[c] for c in batch + fa + con])
    b = b.permute(*[sb.index(c) for c in batch + con + fb]).expand(*[sizes[c] for c in batch + con + fb])
    r = torch.matmul(a.reshape(prod(batch), prod(fa), prod(con)), b.reshape(prod(batch), prod(con), prod(fb)))
    have = batch + fa + fb
    r = r.reshape(*[sizes[c] for c in have])
    return r.permute(*[have.index(c) for c in out]) if have else r.reshape(())


def logsumexp(input, dim, keepdim=False):
    torch = _torch
    m = input.amax(dim=dim, keepdim=True)
    m = torch.where(torch.isinf(m), torch.zeros_like(m), m)
    r = torch.log(torch.exp(input - m).sum(dim=dim, keepdim=True)) + m
    if not keepdim:
        dims = [dim] if isinstance(dim, int) else list(dim)
        for d in sorted((d % input.dim() for d in dims), reverse=True):
            r = r.squeeze(d)
    return r


def _tup(v, nd, name):
    if isinstance(v, int):
        return (v,) * nd
    v = tuple(v)
    if len(v) == 1:
        return v * nd
    if len(v) != nd:
        raise RuntimeError("expected %s to be a single integer value or a list of %d values to match the convolution "
                           "dimensions, but got %s=%s" % (name, nd, name, list(v)))
    return v


def _conv(nd, input, weight, bias, stride, padding, dilation, groups):
    torch = _torch
    batched = input.dim() == nd + 2
    if not batched:
        if input.dim() != nd + 1:
            raise RuntimeError("Expected %dD (unbatched) or %dD (batched) input to conv%dd, but got input of size: %s"
                               % (nd + 1, nd + 2, nd, list(input.shape)))
        input = input.unsqueeze(0)
    N, C = input.shape[0], input.shape[1]
    K, Cg = weight.shape[0], weight.shape[1]
    ks = tuple(weight.shape[2:])
    st, dl = _tup(stride, nd, "stride"), _tup(dilation, nd, "dilation")
    if padding == "valid":
        lo = hi = (0,) * nd
    elif padding == "same":
        if any(x != 1 for x in st):
            raise RuntimeError("padding='same' is not supported for strided convolutions")
        tot = [d * (k - 1) for d, k in zip(dl, ks)]
        lo, hi = tuple(t // 2 for t in tot), tuple(t - t // 2 for t in tot)
    else:
        lo = hi = _tup(padding, nd, "padding")
    if Cg * groups != C or K % groups:
        raise RuntimeError("Given groups=%d, weight of size %s, expected input%s to have %d channels, but got %d "
                           "channels instead" % (groups, list(weight.shape), list(input.shape), Cg * groups, C))
    sp = list(input.shape[2:])
    x = input.float()
    if any(lo) or any(hi):
        xp = torch.zeros(N, C, *[n + a + b for n, a, b in zip(sp, lo, hi)], dtype=torch.float32, device=input.device)
        xp[(slice(None), slice(None)) + tuple(slice(a, a + n) for a, n in zip(lo, sp))] = x
        x = xp
    psp = list(x.shape[2:])
    osp = [(n - d * (k - 1) - 1) // s + 1 for n, d, k, s in zip(psp, dl, ks, st)]
    if any(o <= 0 for o in osp):
        raise RuntimeError("Calculated output size is too small")
    w = weight.float()
    Kg = K // groups
    outs = []
    for g in range(groups):
        xg = x[:, g * Cg:(g + 1) * Cg]
        wg = w[g * Kg:(g + 1) * Kg]
        acc = None
        for pos in _positions(ks):
            win = xg[(slice(None), slice(None)) +
                     tuple(slice(p * d, p * d + s * (o - 1) + 1, s) for p, d, s, o in zip(pos, dl, st, osp))]
            wk = wg[(slice(None), slice(None)) + tuple(pos)]  # [Kg, Cg]
            perm = [0] + list(range(2, nd + 2)) + [1]
            y = torch.matmul(win.permute(*perm), wk.t())  # [N, *out, Kg]
            acc = y if acc is None else acc + y
        outs.append(acc)
    out = outs[0] if groups == 1 else torch.cat(outs, dim=-1)
    out = out.permute(0, nd + 1, *range(1, nd + 1))
    if bias is not None:
        out = out + bias.float().view(1, K, *([1] * nd))
    out = out.to(input.dtype).contiguous()
    return out if batched else out.squeeze(0)


def _positions(ks):
    if not ks:
        return [()]
    return [(i,) + rest for i in range(ks[0]) for rest in _positions(ks[1:])]


def conv1d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return _conv(1, input, weight, bias, stride, padding, dilation, groups)


def conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return _conv(2, input, weight, bias, stride, padding, dilation, groups)


def conv3d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return _conv(3, input, weight, bias, stride, padding, dilation, groups)


def pad(input, pad, mode="constant", value=None):
    torch = _torch
    if mode != "constant":
        raise NotImplementedError("F.pad: flyi's torch pads in mode 'constant' only, not %r" % (mode,))
    if len(pad) % 2 or len(pad) // 2 > input.dim():
        raise RuntimeError("Padding length must be divisible by 2 and at most twice the number of dimensions of the input")
    shape = list(input.shape)
    new, src, dst = list(shape), [slice(None)] * len(shape), [slice(None)] * len(shape)
    for i in range(len(pad) // 2):
        d = len(shape) - 1 - i
        lo, hi = pad[2 * i], pad[2 * i + 1]
        new[d] = shape[d] + lo + hi
        if new[d] < 0:
            raise RuntimeError("The input size %d, plus negative padding %d and %d resulted in a negative output size"
                               % (shape[d], lo, hi))
        s0, s1 = max(-lo, 0), shape[d] - max(-hi, 0)
        src[d] = slice(s0, max(s1, s0))
        dst[d] = slice(max(lo, 0), max(lo, 0) + max(s1 - s0, 0))
    out = torch.full(new, 0 if value is None else value, dtype=input.dtype, device=input.device)
    out[tuple(dst)] = input[tuple(src)]
    return out
