"""Functions of torch.nn.functional for flyi written in Python on flyi's tensor operations.

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
