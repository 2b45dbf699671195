"""FlyDSL's kernel library under flyi: imports every module of a FlyDSL checkout's kernels/, compiles each public
builder with the arguments its test in tests/kernels uses, for gfx942 and gfx950, runs the small ones on the
emulator against a torch reference, and prints a markdown table (module, builder, gfx942, gfx950, emulator,
time). Each compile runs in its own flyi process with a time limit.

    flyi scripts/flydsl-kernels-table.py FLYDSL_CHECKOUT [--only TEXT] [--timeout SECONDS] [--no-emu]

Not part of make check (it needs the checkout); tests/lang/dsl/flydsl_kernels_table.py tests its own logic."""
import importlib
import json
import math
import os
import struct
import subprocess
import sys
import time

ARCHS = ("gfx942", "gfx950")
BUILDER_PREFIXES = ("build_", "compile_", "create_")
# builders FlyDSL compiles only for other targets (their tests run on those), by module
OTHER_TARGETS = {"kernels.gemm.rdna3_f16_gemm": "RDNA3 (gfx11, WMMA)", "kernels.gemm.rdna_f16_gemm": "RDNA4 (gfx12)",
                 "kernels.gemm.rdna_fp8_preshuffle_gemm": "RDNA4 (gfx12)",
                 "kernels.gemm.gemm_a8w8_gfx1250": "gfx1250", "kernels.gemm.gemm_a8w4_mxscale_gfx1250": "gfx1250",
                 "kernels.moe.moe_a8w4_mxscale_gfx1250": "gfx1250"}
# modules whose build_/create_ functions are IR helpers called inside kernels, not kernel builders
HELPER_MODULES = ("kernels.common.",)


# ---- launch arguments, as the tests make them ----
class T:
    """A device tensor of shape and dtype (randn, rand, zeros, empty, arange, or ints below hi); col: a 2-D
    tensor stored column-major (the transpose of a row-major one)."""

    def __init__(self, shape, dtype="f32", fill="randn", hi=None, col=False):
        self.shape, self.dtype, self.fill, self.hi, self.col = tuple(shape), dtype, fill, hi, col


class P(T):
    """A typed pointer (flyc.from_c_void_p) to such a tensor (of the tensor's dtype, or ptr's)."""

    def __init__(self, shape, dtype="f32", fill="randn", hi=None, ptr=None):
        T.__init__(self, shape, dtype, fill, hi)
        self.ptr = ptr or dtype


class A(T):
    """The device address (x.data_ptr(), an int) of such a tensor: FlyDSL's MoE launchers take fx.Int64 addresses."""


STREAM = "stream"
TORCH_DTYPES = {"f32": "float32", "f16": "float16", "bf16": "bfloat16", "i8": "int8", "i32": "int32",
                "i64": "int64", "u8": "uint8", "fp8": "float8_e4m3fnuz"}
FX_DTYPES = {"f32": "Float32", "f16": "Float16", "bf16": "BFloat16", "i8": "Int8", "i32": "Int32", "i64": "Int64",
             "u8": "Uint8"}


def make_tensor(spec, torch):
    if spec.col:
        return make_tensor(T(spec.shape[::-1], spec.dtype, spec.fill, spec.hi), torch).t()
    dt = getattr(torch, TORCH_DTYPES[spec.dtype])
    if spec.fill == "zeros":
        return torch.zeros(spec.shape, device="cuda", dtype=dt)
    if spec.fill == "empty":
        return torch.empty(spec.shape, device="cuda", dtype=dt)
    if spec.fill == "arange":
        return torch.arange(spec.shape[0], device="cuda").to(dt)
    if spec.fill == "int":
        return torch.randint(0, spec.hi, spec.shape, device="cuda").to(dt)
    base = torch.rand(spec.shape, device="cuda") if spec.fill == "rand" else torch.randn(spec.shape, device="cuda")
    return base.to(dt).contiguous()


def make_args(launch, torch, flyc, fx):
    """(the launch's arguments, the tensors behind them by position)."""
    args, tensors = [], {}
    for i, a in enumerate(launch):
        if isinstance(a, T):
            t = make_tensor(a, torch)
            tensors[i] = t
            if isinstance(a, A):
                args.append(t.data_ptr())
            else:
                args.append(flyc.from_c_void_p(getattr(fx, FX_DTYPES[a.ptr]), t.data_ptr()) if isinstance(a, P) else t)
        elif a == STREAM:
            args.append(torch.cuda.current_stream())
        else:
            args.append(a)
    return args, tensors


# ---- references for the emulator runs: (inputs by position) -> {output position: expected} ----
def ref_layernorm(t, torch, eps=1e-5):
    x, g, b = t[0].float(), t[1].float(), t[2].float()
    return {3: torch.nn.functional.layer_norm(x, (x.shape[-1],), g, b, eps)}


def ref_rmsnorm(t, torch, eps=1e-5):
    x, g = t[0].float(), t[1].float()
    return {2: x * torch.rsqrt((x * x).mean(-1, keepdim=True) + eps) * g}


def ref_softmax(t, torch):
    return {1: torch.softmax(t[0].float(), -1)}


def ref_softmax_bwd(t, torch):
    dy, y = t[0].float(), t[1].float()
    return {2: y * (dy - (dy * y).sum(-1, keepdim=True))}


def ref_topk_gating(t, torch, k=2):
    ws, ids = [], []
    for row in torch.softmax(t[0].float(), -1).tolist():
        top = sorted(range(len(row)), key=lambda j: -row[j])[:k]
        s = sum(row[j] for j in top)
        ws.append([row[j] / s for j in top])
        ids.append(top)
    return {1: torch.tensor(ws, device="cuda"), 2: torch.tensor(ids, device="cuda").float()}


def ref_rope(t, torch):
    # NeoX rotation of q and k by the cos/sin rows of their positions (half-width caches reused for both halves)
    pos = t[3].long()
    cos, sin = t[4].float()[pos].unsqueeze(1), t[5].float()[pos].unsqueeze(1)
    cos, sin = torch.cat([cos, cos], -1), torch.cat([sin, sin], -1)

    def rot(x):
        h = x.shape[-1] // 2
        x1, x2 = x[..., :h], x[..., h:]
        return torch.cat([x1 * cos[..., :h] - x2 * sin[..., :h], x2 * cos[..., h:] + x1 * sin[..., h:]], -1)

    return {9: rot(t[0].float()), 10: rot(t[1].float())}


def ref_qk_norm_rope(t, torch, rd=64, eps=1e-6):
    # RMSNorm (q weightless, kv by its weight) then GPT-J RoPE of the last rd elements: pairs (2k, 2k+1) turned by
    # the cos/sin of their token's position, in bf16
    pos = t[6].long()
    cos, sin = t[4].float()[pos], t[5].float()[pos]

    def norm_rope(x, w, c, s):
        y = x.float() * torch.rsqrt((x.float() ** 2).mean(-1, keepdim=True) + eps)
        y = y * w.float() if w is not None else y
        d = y.shape[-1]
        a, b = y[..., d - rd::2].clone(), y[..., d - rd + 1::2].clone()
        y[..., d - rd::2], y[..., d - rd + 1::2] = a * c - b * s, b * c + a * s
        return y.to(torch.bfloat16).float()

    return {7: norm_rope(t[0], None, cos.unsqueeze(1), sin.unsqueeze(1)), 8: norm_rope(t[1], t[3], cos, sin)}


def ref_moe_reduce(t, torch):
    return {1: t[0].float().sum(1)}


def ref_fused_add_rmsnorm(t, torch, eps=1e-5):
    s = t[0].float() + t[1].float()
    return {4: s, 3: s * torch.rsqrt((s * s).mean(-1, keepdim=True) + eps) * t[2].float()}


def ref_fused_add_layernorm(t, torch, eps=1e-5):
    s = t[0].float() + t[1].float()
    return {5: s, 4: torch.nn.functional.layer_norm(s, (s.shape[-1],), t[2].float(), t[3].float(), eps)}


def f32_bits(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def f32_of_bits(u):
    return struct.unpack("<f", struct.pack("<I", u & 0xFFFFFFFF))[0]


FP4_VALUES = (0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0)


def fp4_code(x):
    """x as E2M1 bits: to nearest, ties to the even code, saturating at 6."""
    a, sign = abs(x), 8 if x < 0 or (x == 0 and math.copysign(1, x) < 0) else 0
    if a >= 6.0:
        return sign | 7
    c = max(i for i, v in enumerate(FP4_VALUES) if v <= a)
    if c < 7:
        lo, hi = a - FP4_VALUES[c], FP4_VALUES[c + 1] - a
        if hi < lo or (hi == lo and c % 2 == 1):
            c += 1
    return sign | c


def ref_mx_quant_fp4(t, torch, group=32):
    """1x32 MX quantization: each group's E8M0 scale (the power of two at or above amax / 6, as float32 computes
    it) and its E2M1 payload (x divided by the scale), two values a byte, the first in the low nibble."""
    x = t[0].float().tolist()
    scales, payload = [], []
    for row in x:
        srow, prow = [], []
        for g in range(0, len(row), group):
            vals = row[g:g + group]
            amax = max([1e-10] + [abs(v) for v in vals])
            w = f32_bits(f32_of_bits(f32_bits(amax)) * f32_of_bits(0x3E2AAAAB))
            e = ((w >> 23) & 0xFF) + (1 if w & 0x7FFFFF else 0)
            e = min(e, 255)
            srow.append(e)
            div = 2.0 ** (e - 127)
            codes = [fp4_code(v / div) for v in vals]
            prow += [codes[i] | codes[i + 1] << 4 for i in range(0, group, 2)]
        scales.append(srow)
        payload.append(prow)
    return {1: torch.tensor(payload, device="cuda").float(), 2: torch.tensor(scales, device="cuda").float()}


def ref_ncdhw_to_ndhwc(t, torch):
    return {0: t[1].float().permute(0, 2, 3, 4, 1)}


def ref_ncdhw_to_ndhwc_flat(t, torch, c=128):
    return {0: t[1].float().reshape(c, -1).t().reshape(-1)}


def ref_attention(t, torch, causal=False):
    """softmax(q k^T / sqrt(d)) v per head, q/k/v (batch, seq, heads, dim)."""
    q, k, v = (t[i].float().permute(0, 2, 1, 3) for i in range(3))
    s = q @ k.transpose(-1, -2) / math.sqrt(q.shape[-1])
    return {3: (torch.softmax(s, -1) @ v).permute(0, 2, 1, 3)}


def ref_conv3d(t, torch, pad=1):
    """conv3d (stride 1, 3x3x3, zero padding pad) + bias in float32 as 27 shifted matmuls; the direct builder's
    output (its return value) is at position 3."""
    x, w, b = t[0].float(), t[1].float(), t[2].float()
    n, c, d, h, wd = x.shape
    k = w.shape[0]
    xp = torch.zeros((n, c, d + 2 * pad, h + 2 * pad, wd + 2 * pad), device="cuda")
    xp[:, :, pad:pad + d, pad:pad + h, pad:pad + wd] = x
    do, ho, wo = d + 2 * pad - 2, h + 2 * pad - 2, wd + 2 * pad - 2
    y = torch.zeros((do * ho * wo, k), device="cuda")
    for kt in range(3):
        for kh in range(3):
            for kw in range(3):
                xs = xp[0, :, kt:kt + do, kh:kh + ho, kw:kw + wo].reshape(c, -1).t()
                y = y + xs @ w[:, :, kt, kh, kw].t()
    return {3: (y + b).t().reshape(1, k, do, ho, wo)}


FA, FS, FH, FD = "kernels.attention.", 128, 8, 128    # flash attention: seq, heads, head dim
CONV_SHAPE = (1, 32, 8, 16, 16, 64, 3, 3, 3, 1, 1, 1, 0, 0, 0)      # n c d h w k kt kh kw strides pads
CONV8_SHAPE = (1, 128, 3, 18, 18, 128, 3, 3, 3, 1, 1, 1, 0, 0, 0)


# ---- the builders: module, builder, its arguments, the launch's arguments, targets, reference ----
class Spec:
    def __init__(self, module, builder, bargs, bkw, launch, archs=ARCHS, ref=None, note="", tol=1e-3, direct=False,
                 pick=None, rtol=0.0):
        """direct: builder is an entry point that launches itself, called with launch (its tensors) and bkw;
        compiled with COMPILE_ONLY=1, its stats are the last compiled kernel's. pick: the builder returns several
        launchers (a tuple), the one at this index is compiled."""
        self.module, self.builder, self.bargs, self.bkw = module, builder, tuple(bargs), dict(bkw)
        self.launch, self.archs, self.ref, self.note, self.tol = list(launch), tuple(archs), ref, note, tol
        self.direct, self.pick, self.rtol = direct, pick, rtol   # match: |got - want| <= tol + rtol * |want|

    def key(self):
        return self.module + "." + self.builder + ("[" + self.note + "]" if self.note else "")


M, N = 4, 256
NORM = "kernels.norm."
SPECS = [
    Spec(NORM + "layernorm_kernel", "build_layernorm_module", (N, "f32"), {},
         [P((M, N)), P((N,), fill="rand"), P((N,), fill="rand"), P((M, N), fill="empty"), M, STREAM],
         ref=ref_layernorm),
    Spec(NORM + "layernorm_kernel", "build_layernorm_bwd_module", (N, "f32"), {},
         [P((M, N)), P((N,), fill="rand"), P((M, N)), P((M,)), P((M,), fill="rand"), P((M, N), fill="empty"),
          P((N,), fill="zeros"), P((N,), fill="zeros"), M, STREAM]),
    Spec(NORM + "layernorm_kernel", "build_fused_add_layernorm_module", (N, "f32"), {},
         [T((M, N)), T((M, N)), T((N,), fill="rand"), T((N,), fill="rand"), T((M, N), fill="empty"),
          T((M, N), fill="empty"), M, STREAM], ref=ref_fused_add_layernorm),
    Spec(NORM + "layernorm_kernel", "build_layernorm_dynamicquant_module", (N, "f32"), {},
         [T((M, N)), T((N,), fill="rand"), T((N,), fill="rand"), T((M, N), "i8", "empty"), T((M,), fill="empty"),
          M, STREAM]),
    Spec(NORM + "layernorm_kernel", "build_layernorm_smoothquant_module", (N, "f32"), {},
         [T((M, N)), T((N,), fill="rand"), T((N,), fill="rand"), T((N,), fill="rand"), T((M, N), "i8", "empty"),
          T((M,), fill="empty"), M, STREAM]),
    Spec(NORM + "layernorm_kernel", "build_fused_add_layernorm_dynamicquant_module", (N, "f32"), {},
         [T((M, N)), T((M, N)), T((N,), fill="rand"), T((N,), fill="rand"), T((M, N), "i8", "empty"),
          T((M, N), fill="empty"), T((M,), fill="empty"), M, STREAM]),
    Spec(NORM + "layernorm_kernel", "build_fused_add_layernorm_smoothquant_module", (N, "f32"), {},
         [T((M, N)), T((M, N)), T((N,), fill="rand"), T((N,), fill="rand"), T((N,), fill="rand"),
          T((M, N), "i8", "empty"), T((M, N), fill="empty"), T((M,), fill="empty"), M, STREAM]),
    Spec(NORM + "rmsnorm_kernel", "build_rmsnorm_module", (N, "f32"), {},
         [T((M, N)), T((N,), fill="rand"), T((M, N), fill="empty"), M, STREAM], ref=ref_rmsnorm),
    Spec(NORM + "rmsnorm_kernel", "build_fused_add_rmsnorm_module", (N, "f32"), {},
         [T((M, N)), T((M, N)), T((N,), fill="rand"), T((M, N), fill="empty"), T((M, N), fill="empty"), M, STREAM],
         ref=ref_fused_add_rmsnorm),
    Spec(NORM + "rmsnorm_kernel", "build_rmsnorm_dynamicquant_module", (N, "f32"), {},
         [T((M, N)), T((N,), fill="rand"), T((M, N), "i8", "empty"), T((M,), fill="empty"), M, STREAM]),
    Spec(NORM + "rmsnorm_kernel", "build_rmsnorm_smoothquant_module", (N, "f32"), {},
         [T((M, N)), T((N,), fill="rand"), T((N,), fill="rand"), T((M, N), "i8", "empty"), T((M,), fill="empty"),
          M, STREAM]),
    Spec(NORM + "rmsnorm_kernel", "build_fused_add_rmsnorm_dynamicquant_module", (N, "f32"), {},
         [T((M, N)), T((M, N)), T((N,), fill="rand"), T((M, N), "i8", "empty"), T((M, N), fill="empty"),
          T((M,), fill="empty"), M, STREAM]),
    Spec(NORM + "rmsnorm_kernel", "build_fused_add_rmsnorm_smoothquant_module", (N, "f32"), {},
         [T((M, N)), T((M, N)), T((N,), fill="rand"), T((N,), fill="rand"), T((M, N), "i8", "empty"),
          T((M, N), fill="empty"), T((M,), fill="empty"), M, STREAM]),
    Spec(NORM + "rmsnorm_bwd_kernel", "build_rmsnorm_bwd_module", (N, "f32"), {},
         [T((M, N)), T((N,), fill="rand"), T((M, N)), T((M,), fill="rand"), T((M, N), fill="empty"),
          T((N,), fill="zeros"), M, STREAM]),
    Spec(NORM + "rmsnorm_bwd_kernel", "build_rmsnorm_bwd_two_stage_module", (N, "f32", 2), {},
         [T((M, N)), T((N,), fill="rand"), T((M, N)), T((M,), fill="rand"), T((M, N), fill="empty"),
          T((N,), fill="empty"), T((2 * N,), fill="empty"), M, STREAM]),
    Spec(NORM + "rmsnorm_bwd_kernel", "build_fused_add_rmsnorm_bwd_module", (N, "f32"), {},
         [T((M, N)), T((N,), fill="rand"), T((M, N)), T((M, N)), T((M,), fill="rand"), T((M, N), fill="empty"),
          T((N,), fill="zeros"), M, STREAM]),
    Spec(NORM + "rmsnorm_bwd_kernel", "build_fused_add_rmsnorm_bwd_two_stage_module", (N, "f32", 2), {},
         [T((M, N)), T((N,), fill="rand"), T((M, N)), T((M, N)), T((M,), fill="rand"), T((M, N), fill="empty"),
          T((N,), fill="empty"), T((2 * N,), fill="empty"), M, STREAM]),
    Spec(NORM + "softmax_kernel", "build_softmax_module", (M, N, "f32"), {},
         [T((M, N)), T((M, N), fill="empty"), M, STREAM], ref=ref_softmax),
    Spec(NORM + "softmax_bwd_kernel", "build_softmax_bwd_module", (N, "f32"), {},
         [T((M, N)), T((M, N), fill="rand"), T((M, N), fill="empty"), M, STREAM], ref=ref_softmax_bwd),
]


GM, GN, GK = 32, 1024, 2048
RT, RQ, RK, RD = 4, 4, 1, 128


def ref_matmul(t, torch):
    return {2: t[0].float() @ t[1].float()}


MT, MK, MD, MI, ME = 8, 2, 256, 256, 4   # tokens, topk, model_dim, inter_dim, experts
ST, SE, SK = 8, 32, 5                    # moe sorting: tokens, experts, topk (unit size 32)
SPAD = ST * SK + SE * 32 - SK            # the sorted ids' padded length
SPECS += [
    # conv3d (BF16 MFMA 16x16x32, 16-byte LDS DMA): FlyDSL runs it on CDNA4 only
    Spec("kernels.conv.conv3d_implicit", "conv3d_implicit", (), {"stride": 1, "padding": 1},
         [T((1, 16, 6, 16, 20), "bf16"), T((16, 16, 3, 3, 3), "bf16"), T((16,))], direct=True, archs=("gfx950",),
         ref=ref_conv3d, tol=2e-2, rtol=2e-2),   # FlyDSL's test: allclose(rtol=2e-2, atol=2e-2)
    Spec("kernels.moe.moe_gemm_2stage.gemm1", "compile_moe_gemm1", (),
         {"model_dim": MD, "inter_dim": MI, "experts": ME, "topk": MK, "tile_m": 32, "tile_n": 64, "tile_k": 128,
          "doweight_stage1": False, "out_dtype": "f16", "in_dtype": "fp8"},
         [T((MT, MK, MI), "f16", "empty"), T((MT, MD), "fp8", "zeros"), T((ME, 2 * MI, MD), "fp8", "zeros"),
          T((MT,), fill="rand"), T((ME, 2 * MI), fill="rand"), T((128,), "i32", "zeros"), T((4,), "i32", "zeros"),
          T((128,), fill="rand"), T((1,), "i32", "zeros"), MT, MI, MD, 4, STREAM], archs=("gfx942",)),
    Spec("kernels.moe.moe_gemm_2stage.gemm2", "compile_moe_gemm2", (),
         {"model_dim": MD, "inter_dim": MI, "experts": ME, "topk": MK, "tile_m": 32, "tile_n": 64, "tile_k": 128,
          "doweight_stage2": True, "out_dtype": "f16", "accumulate": True, "in_dtype": "fp8"},
         [T((MT, MD), "f16", "zeros"), T((MT * MK, MI), "fp8", "zeros"), T((ME, MD, MI), "fp8", "zeros"),
          T((MT * MK,), fill="rand"), T((ME * MD,), fill="rand"), T((128,), "i32", "zeros"), T((4,), "i32", "zeros"),
          T((128,), fill="rand"), T((1,), "i32", "zeros"), MT, MD, MI, 4, STREAM]),
    Spec("kernels.moe.moe_sorting_kernel", "compile_moe_sorting", (),
         {"num_experts": SE, "topk": SK, "max_tokens": ST},
         [T((ST, SK), "i32", "int", SE), T((ST, SK), fill="rand"), T((SPAD,), "i32", "empty"), T((SPAD,), fill="empty"),
          T((SPAD // 32 + 1,), "i32", "empty"), T((2,), "i32", "empty"), T((ST * 128,), "i32", "empty"),
          T((1,), "i32", "zeros"), ST, ST * 128, 5, STREAM], pick=0, note="oneshot"),
    Spec("kernels.moe.moe_sorting_kernel", "compile_moe_sorting_oneshot_fused", (),
         {"num_experts": SE, "topk": SK, "max_tokens": ST, "dtype_str": "bf16"},
         [T((ST, SE), "bf16"), T((SPAD,), "i32", "empty"), T((SPAD,), fill="empty"),
          T((SPAD // 32 + 1,), "i32", "empty"), T((2,), "i32", "empty"), T((ST * 128,), "i32", "empty"),
          T((1,), "i32", "zeros"), ST, ST * 128, 5, STREAM]),
    Spec("kernels.mega_moe.quant", "build_per_1x32_mx_quant_module", (256, "fp4"), {},
         [T((4, 256), "bf16"), T((4, 128), "u8", "empty"), T((4, 8), "u8", "empty"), 4, 1, STREAM], note="fp4",
         archs=("gfx950",), ref=ref_mx_quant_fp4, tol=0.5),
    Spec("kernels.mega_moe.quant", "build_per_1x32_mx_quant_module", (256, "fp8"), {},
         [T((4, 256), "bf16"), T((4, 256), "u8", "empty"), T((4, 8), "u8", "empty"), 4, 1, STREAM], note="fp8"),
    Spec("kernels.mega_moe.quant", "build_mxfp4_moe_scale_sort_module", (256,), {},
         [T((8, 8), "u8", "int", 255), T((64,), "i32", "int", 8), T((2,), "i32", "zeros"), T((64, 8), "u8", "empty"),
          8, 2, STREAM]),
    Spec("kernels.conv.conv3d_implicit", "compile_transpose_ncdhw_ndhwc", (1, 32, 8 * 16 * 16), {},
         [T((1, 8, 16, 16, 32), "bf16", "empty"), T((1, 32, 8, 16, 16), "bf16"), STREAM], ref=ref_ncdhw_to_ndhwc),
    Spec("kernels.conv.conv3d_implicit", "compile_conv3d_implicit", CONV_SHAPE + (True,), {},
         [T((1, 64, 6, 14, 14), "bf16", "empty"), T((1, 8, 16, 16, 32), "bf16"), T((64, 27 * 32), "bf16"), T((64,)),
          STREAM], archs=("gfx950",)),
    Spec("kernels.conv.conv3d_implicit_fp8", "compile_transpose_ncdhw_ndhwc_fp8", (1, 128, 3 * 18 * 18), {},
         [T((3 * 18 * 18 * 128,), "i8", "empty"), T((128 * 3 * 18 * 18,), "i8", "int", 100), STREAM],
         ref=ref_ncdhw_to_ndhwc_flat),
    Spec("kernels.conv.conv3d_implicit_fp8", "compile_conv3d_implicit_fp8", CONV8_SHAPE + (False, 8), {},
         [T((128 * 16 * 16,), "bf16", "empty"), T((3 * 18 * 18 * 128,), "i8", "int", 8),
          T((128 * 27 * 128,), "i8", "int", 8), T((1,)), STREAM], archs=("gfx950",)),
    Spec(FA + "flash_attn_generic", "build_flash_attn_func_module", (FH, FD), {"causal": False, "dtype_str": "f16"},
         [T((1, FS, FH, FD), "f16"), T((1, FS, FH, FD), "f16"), T((1, FS, FH, FD), "f16"),
          T((1, FS, FH, FD), "f16", "empty"), 1, FS], ref=ref_attention, tol=2e-2),
    Spec(FA + "flash_attn_generic", "build_flash_attn_func_module_primary", (FH, FD),
         {"causal": True, "dtype_str": "bf16"},
         [T((1, FS, FH, FD), "bf16"), T((1, FS, FH, FD), "bf16"), T((1, FS, FH, FD), "bf16"),
          T((1, FS, FH, FD), "bf16", "empty"), 1, FS]),
    Spec("kernels.gemm.fp8_gemm_4wave", "compile_fp8_gemm_4w", (), {"K": 7168, "BLOCK_M": 64, "BLOCK_N": 64},
         [T((512 * 7168,), "i8", "zeros"), T((2112 * 7168,), "i8", "zeros"), T((512 * 2112,), "bf16", "empty"),
          T((512,), fill="rand"), T((2112,), fill="rand"), 512, 2112, STREAM], archs=("gfx950",)),
    Spec("kernels.gemm.fp8_gemm_8wave", "compile_fp8_gemm_8w", (), {"K": 7168, "BLOCK_M": 128, "BLOCK_N": 256},
         [T((512 * 7168,), "i8", "zeros"), T((2112 * 7168,), "i8", "zeros"), T((512 * 2112,), "bf16", "empty"),
          T((512,), fill="rand"), T((2112,), fill="rand"), 512, 2112, STREAM], archs=("gfx950",)),
    Spec("kernels.gemm.fp4_gemm_4wave", "compile_fp4_gemm_4w", (), {"K": 8192, "MN": (256, 256)},
         [T((256 * 4096,), "u8", "zeros"), T((256 * 4096,), "u8", "zeros"), T((256 * 256,), "bf16", "empty"),
          T((256 * 256,), "u8", "zeros"), T((256 * 256,), "u8", "zeros"), 256, 256, STREAM], archs=("gfx950",)),
    Spec(FA + "pa_metadata", "compile_pa_metadata_v1", (),
         {"num_cu": 8, "num_heads_k": 1, "gqa": 8, "kv_granularity": 256, "query_length": 1},
         [T((5,), "i32", "arange"), T((4,), "i32", "int", 2048), T((9,), "i32", "empty"), T((88,), "i32", "empty"),
          T((5,), "i32", "empty"), T((8,), "i32", "empty"), T((11,), "i32", "empty"), 4, STREAM], pick="launch"),
    Spec("kernels.gemm.gemm_a16w16_gfx950", "gemm_a16w16", (), {}, [T((64, 256), "bf16"), T((256, 256), "bf16", col=True),
                                                                   T((64, 256), "bf16", "empty")],
         archs=("gfx950",), direct=True, ref=ref_matmul, tol=0.5),
    Spec("kernels.attention.fused_rope_cache_kernel", "build_fused_rope_cache_module", (),
         {"head_dim": RD, "num_q_heads": RQ, "num_kv_heads": RK, "block_size": 16, "is_neox": True,
          "flash_layout": True, "dtype_str": "bf16", "apply_scale": False, "reuse_freqs_front_part": True,
          "pos_dtype": "i32"},
         [T((RT, RQ, RD), "bf16"), T((RT, RK, RD), "bf16"), T((RT, RK, RD), "bf16"), T((RT,), "i32", "int", 64),
          T((64, RD // 2), "bf16"), T((64, RD // 2), "bf16"), T((RT,), "i32", "arange"),
          T((32, 16, RK, RD), "bf16", "zeros"), T((32, 16, RK, RD), "bf16", "zeros"), T((RT, RQ, RD), "bf16", "empty"),
          T((RT, RK, RD), "bf16", "empty"), RT, T((1,), fill="rand"), T((1,), fill="rand"), STREAM],
         ref=ref_rope, tol=0.1),
    Spec("kernels.moe.moe_gemm_2stage.moe_reduce", "compile_moe_reduction", (),
         {"topk": 8, "model_dim": 7168, "dtype_str": "f16"},
         [P((5, 8, 7168), "f16", ptr="u8"), P((5, 7168), "f16", "empty", ptr="u8"), P((0,), "i32", "empty", ptr="u8"),
          P((0,), "i32", "empty", ptr="u8"), 5, STREAM], ref=ref_moe_reduce, tol=2e-2),
    Spec("kernels.moe.topk_gating_softmax_kernel", "build_topk_gating_softmax_module", (),
         {"num_experts": 8, "topk": 2, "dtype_str": "f32", "renormalize": True},
         [T((16, 8)), T((16, 2), fill="empty"), T((16, 2), "i32", "empty"), T((16, 2), "i32", "empty"), 16, STREAM],
         ref=ref_topk_gating),
    Spec("kernels.gemm.preshuffle_gemm", "compile_preshuffle_gemm", (),
         {"N": GN, "K": GK, "tile_m": 32, "tile_n": 64, "tile_k": 512, "in_dtype": "fp16", "out_dtype": "fp16"},
         [T((GM * GN,), "f16", "empty"), T((GM * GK,), "f16"), T((GN * GK,), "f16"), T((0,), "f32", "empty"),
          T((0,), "f32", "empty"), T((0,), "f16", "empty"), GM, GN, STREAM]),
    Spec("kernels.gemm.preshuffle_gemm", "compile_preshuffle_gemm", (),
         {"N": GN, "K": GK, "tile_m": 32, "tile_n": 64, "tile_k": 512, "in_dtype": "fp8", "out_dtype": "bf16"},
         [T((GM * GN,), "bf16", "empty"), T((GM * GK,), "i8", "int", 8), T((GN * GK,), "i8", "int", 8),
          T((GM,), "f32", "rand"), T((GN,), "f32", "rand"), T((0,), "bf16", "empty"), GM, GN, STREAM], note="fp8"),
]


# ---- the scaled-MFMA builders (cdna4.MFMA_Scale, gfx950) and the ones whose example arguments came later ----
def _addrs(n, size=1 << 16):
    return [A((size,), "u8", "zeros") for _ in range(n)]


SM, SN, SK = 32, 256, 512   # mxfp4 preshuffle GEMM: M, N, K (tile 32x128x256)
SPECS += [
    Spec("kernels.gemm.mxfp4_preshuffle", "launch_gemm", (), {},
         [P((SM * SN,), "bf16", "empty", ptr="u8"), P((SM * SK // 2,), "u8", "zeros", ptr="u8"),
          P((SN * SK // 2,), "u8", "zeros", ptr="u8"), P((SM * SK // 32,), "u8", "zeros", ptr="u8"),
          P((SN * SK // 32,), "u8", "zeros", ptr="u8"), SM, SN, STREAM, SN, SK, 32, 128, 256, "fp4", "bf16", "fp4",
          1, -1, -1, -1, -1, -1, -1, 0, 0], archs=("gfx950",), direct=True, note="fp4"),
    Spec("kernels.moe.mxfp_moe.gemm1", "compile_gemm1_a4w4_port", (32, True, False),
         {"D_HIDDEN": 256, "D_INTER": 256, "NE": 4, "TOPK": 2}, _addrs(7) + [8, 4] + _addrs(3) + [STREAM],
         archs=("gfx950",)),
    Spec("kernels.moe.mxfp_moe.gemm2", "compile_gemm2_a4w4_port", (),
         {"BM": 32, "use_nt": False, "NE": 4, "N_OUT": 256, "epilog": "atomic", "D_INTER": 256, "D_INTER_REAL": 256,
          "BN": 256, "BK": 256, "xcd_swizzle": 0}, _addrs(8) + [8, 4] + _addrs(2) + [STREAM], archs=("gfx950",)),
    Spec("kernels.moe.moe_2stage_a16wmix.gemm1", "compile_gemm1_a16w4_port", (),
         {"BM": 32, "D_HIDDEN": 256, "D_INTER": 256, "NE": 4, "TOPK": 2, "TILE_N": 256, "TILE_K": 256, "act": "silu",
          "b_cache_mod": 0, "xcd_swizzle": 0, "waves_per_eu": None},
         _addrs(6) + [8, 4, 1.0, 1.0, 1.0, 1.0, math.inf] + _addrs(1) + [STREAM], archs=("gfx950",)),
    Spec("kernels.moe.moe_2stage_a16wmix.gemm2", "compile_gemm2_a16w4_port", (),
         {"BM": 32, "NE": 4, "N_OUT": 256, "D_INTER": 256, "TILE_N": 256, "TILE_K": 256},
         _addrs(7) + [8, 4, 4] + _addrs(1) + [STREAM], archs=("gfx950",)),
    Spec("kernels.mega_moe.gemm1", "compile_gemm1", (), {"model_dim": 256, "inter_dim": 256},
         [T((32 * 512,), "bf16", "empty"), T((32 * 256,), "u8", "zeros"), T((1 << 17,), "u8", "zeros"),
          T((1 << 12,), "u8", "zeros"), T((1 << 14,), "u8", "zeros"), T((4,), "i32", "zeros"), T((4,), "i32", "zeros"),
          T((1 << 12,), "u8", "zeros"), 32, 4, STREAM], archs=("gfx950",)),
    Spec(FA + "swa_gfx950", "build_gqa_attn", (), {"ATTN_B": 1, "ATTN_H": 32, "ATTN_H_KV": 16, "ATTN_D": 128,
                                                   "sliding_window": (64, 0)},
         [T((128 * 32 * 128,), "bf16"), T((128 * 16 * 128,), "bf16"), T((128 * 16 * 128,), "bf16"),
          T((128 * 32 * 128,), "bf16", "zeros"), 32 * 128, 16 * 128, 16 * 128, 32 * 128, 128, 128, STREAM],
         archs=("gfx950",)),
    Spec(FA + "flash_attn_gfx950", "build_flash_attn_dualwave_swp_module", (FH, FD),
         {"causal": False, "dtype_str": "bf16"},
         [T((1, FS, FH, FD), "bf16"), T((1, FS, FH, FD), "bf16"), T((1, FS, FH, FD), "bf16"),
          T((1, FS, FH, FD), "bf16", "empty"), 1, FS], archs=("gfx950",)),
]


# ---- the builders whose example arguments came last: paged-attention decode (test_pa's sliding-window and
# metadata cases), qk-norm-rope-quant (its module's DeepSeek shape: D=512, RD=64), the fp8 dual-wave attention,
# MegaMoE stage 2 (one rank) ----
PB, PKV, PQG, PD, PNP = 3, 1, 16, 128, 5     # paged attention: batch, kv heads, query group, head dim, partitions
SPECS += [
    Spec(FA + "pa_decode_swa", "compile_pa_decode_sw", (),
         {"sliding_window": 1023, "max_context_partition_num": PNP, "trans_v": True, "query_group_size": PQG,
          "per_token_kv": True, "query_length": 1, "query_input_dtype": "bf16", "head_dim": PD},
         _addrs(11) + [4096] * 20 + [PB, PKV, PNP, STREAM], pick="launch"),
    Spec(FA + "pa_decode_swa", "compile_pa_decode_sw_reduce", (),
         {"max_context_partition_num": PNP, "query_seq_len": 1, "query_group_size": PQG, "head_size": PD,
          "output_dtype_str": "bf16"}, _addrs(4) + [4096] * 11 + [PB, PKV, STREAM], pick="launch"),
    Spec(FA + "pa_decode_tile", "compile_pa_decode_tile", (),
         {"head_dim": PD, "query_group_size": PQG, "block_size": 16, "num_partitions": 1, "query_dtype": "bf16",
          "per_token_kv": True, "query_length": 1, "trans_v": True},
         [T((PB, PQG, PD), "bf16", "empty"), T((1,), fill="empty"), T((1,), fill="empty"), T((1,), fill="empty"),
          T((PB, PQG, PD), "bf16"), T((8, PKV, PD // 16, 16, 16), "fp8", "zeros"),
          T((8, PKV, PD, 16), "fp8", "zeros"), T((PB, 2), "i32", "zeros"), T((PB,), "i32", "int", 32),
          T((8, PKV, 16), fill="rand"), T((8, PKV, 16), fill="rand"), 2, PB, PKV, 16, 16, PQG * PD, PD, STREAM],
         pick="launch"),
    Spec(FA + "pa_metadata", "compile_pa_decode_metadata", (),
         {"trans_v": True, "query_group_size": PQG, "per_token_kv": False, "query_length": 1,
          "query_input_dtype": "bf16", "head_dim": PD, "block_size": 1024, "output_dtype_str": "bf16"},
         _addrs(14) + [4096] * 14 + [8, STREAM], pick="launch"),
    Spec(FA + "pa_metadata", "compile_pa_metadata_reduce", (),
         {"query_length": 1, "num_query_heads": PQG, "head_dim": PD, "output_dtype_str": "bf16"},
         [T((PB, PQG, PD), "bf16", "empty"), T((8, PQG, PD), fill="rand"), T((8, PQG), fill="rand"),
          T((PB + 1,), "i32", "zeros"), T((PB,), "i32", "zeros"), T((8,), "i32", "zeros"), PQG * PD, PD,
          PQG * PD, PQG, PB, STREAM], pick="launch"),
    Spec(FA + "qk_norm_rope_quant", "compile_flydsl_qk_norm_rope_quant", (),
         {"num_q_heads": 8, "head_dim": 512, "rope_head_dim": 64, "quant": True, "group_size": 128,
          "scale_dtype": "fp32", "q_weighted": True},
         [P((4, 8, 512), "bf16", ptr="u8"), P((4, 512), "bf16", ptr="u8"), T((512,), "bf16"), T((512,), "bf16"),
          T((64, 32), "bf16"), T((64, 32), "bf16"), P((4,), "i64", "int", 64, ptr="u8"),
          P((4, 8, 512), "u8", "empty", ptr="u8"), P((4, 512), "u8", "empty", ptr="u8"),
          P((4, 8, 4), fill="empty", ptr="u8"), P((4, 4), fill="empty", ptr="u8"), 512, 4, STREAM], note="fp8"),
    # bf16 out, the launcher's num_tokens (5) and kv row stride run-time fx.Int32 values: checked on the emulator
    Spec(FA + "qk_norm_rope_quant", "compile_flydsl_qk_norm_rope_quant", (),
         {"num_q_heads": 2, "head_dim": 512, "rope_head_dim": 64, "quant": False, "group_size": 512,
          "scale_dtype": "fp32", "q_weighted": False},
         [P((5, 2, 512), "bf16", ptr="u8"), P((5, 512), "bf16", ptr="u8"), T((512,), "bf16"), T((512,), "bf16"),
          T((64, 32), "bf16"), T((64, 32), "bf16"), P((5,), "i64", "int", 64, ptr="u8"),
          P((5, 2, 512), "bf16", "zeros", ptr="u8"), P((5, 512), "bf16", "zeros", ptr="u8"),
          P((1,), fill="empty", ptr="u8"), P((1,), fill="empty", ptr="u8"), 512, 5, STREAM],
         ref=ref_qk_norm_rope, note="bf16", tol=1e-2, rtol=1e-2),
    Spec(FA + "flash_attn_fp8_gfx950", "build_flash_attn_dualwave_swp_fp8_module", (FH, FD),
         {"causal": False, "dtype_str": "fp8"},
         [T((1, FS, FH, FD), "fp8", "zeros"), T((1, FS, FH, FD), "fp8", "zeros"), T((1, FS, FH, FD), "fp8", "zeros"),
          T((1, FS, FH, FD), "bf16", "empty"), 1, FS], archs=("gfx950",)),
    Spec("kernels.mega_moe.mega_moe_stage2", "compile_mega_moe_stage2", (),
         {"model_dim": 256, "inter_dim": 256, "experts": 4, "topk": 2, "rank": 0, "npes": 1, "max_tok": 32},
         _addrs(11) + [1, 1, 256, 256, 0, 0, STREAM], archs=("gfx950",)),
]
# IR helpers a public builder's kernel calls (not kernels themselves): where they are compiled
HELPER_BUILDERS = {"kernels.mega_moe.gemm1.build_fused_gemm1":
                   "IR helper called in compile_gemm1's and mega_moe_stage1's kernels (compiled with them)",
                   "kernels.comm.flydsl_dispatch_combine_intranode_op.build_geometry_tuning_table_for_config":
                   "host helper (a tuning table), no kernel",
                   "kernels.comm.flydsl_dispatch_combine_intranode_op.build_p2p_table":
                   "host helper (peers' pointers through mori.shmem), no kernel"}
SPECS += [
    # MegaMoE stage 1 on one rank (its dispatch waits on mori's device signals: several GPUs)
    Spec("kernels.mega_moe.mega_moe_stage1", "compile_mega_moe_stage1", (),
         {"model_dim": 256, "inter_dim": 256, "rank": 0, "experts_per_rank": 4, "fuse_npes": 1, "fuse_topk": 2,
          "fuse_cap": 64, "fuse_mtpr": 32, "fuse_scale_dim": 8, "fixed_slot_dispatch": False, "num_cu": 8,
          "num_dispatch_cu": 2},
         [T((64 * 512,), "bf16", "empty"), T((64 * 256,), "u8", "zeros"), T((1 << 17,), "u8", "zeros"),
          T((1 << 12,), "u8", "zeros"), T((1 << 14,), "u8", "zeros"), T((256,), "i32", "zeros"),
          T((16,), "i32", "zeros"), T((4,), "i32", "zeros"), T((1 << 12,), "u8", "zeros"), 32] +
         [a for pair in zip(_addrs(1), [0]) for a in pair] + _addrs(6) + [STREAM], archs=("gfx950",)),
]

# ---- one builder in this process ----
def first_line(e):
    text = str(e).strip().splitlines()
    return type(e).__name__ + (": " + text[0] if text else "")


def run_one(spec, arch, emu):
    """Compiles spec for arch (emu: launches on the emulator and compares); a dict for the table."""
    os.environ["ARCH"] = arch
    import torch
    import flydsl.compiler as flyc
    import flydsl.expr as fx

    torch.manual_seed(0)
    t0 = time.time()
    mod = importlib.import_module(spec.module)
    if spec.direct:
        args, tensors = make_args(spec.launch, torch, flyc, fx)
        if not emu:
            os.environ["COMPILE_ONLY"] = "1"
        out = getattr(mod, spec.builder)(*args, **spec.bkw)
        os.environ.pop("COMPILE_ONLY", None)
        if out is not None and hasattr(out, "shape"):
            tensors[len(spec.launch)] = out    # a direct entry's result (its reference's last position)
        if not emu:
            s = flyc.last_compiled().stats
            return {"cell": "%d/%d/%d" % (s["vgpr"], s["sgpr"], s["lds_bytes"]), "time": time.time() - t0}
        return check_ref(spec, tensors, torch, t0)
    launcher = getattr(mod, spec.builder)(*spec.bargs, **spec.bkw)
    if spec.pick is not None:
        launcher = launcher[spec.pick]
    args, tensors = make_args(spec.launch, torch, flyc, fx)
    if not emu:
        # a builder returning a plain launcher function carries its own .compile (FlyDSL's attention kernels)
        own = type(launcher).__name__ != "JitFunction" and hasattr(launcher, "compile")
        # flyc.compile runs the kernels it compiles (as FlyDSL's): the compile columns compile only
        os.environ["COMPILE_ONLY"] = "1"
        try:
            k = launcher.compile(*args) if own else flyc.compile(launcher, *args)
        finally:
            os.environ.pop("COMPILE_ONLY", None)
        s = k.stats
        return {"cell": "%d/%d/%d" % (s["vgpr"], s["sgpr"], s["lds_bytes"]), "time": time.time() - t0}
    launcher(*args)
    return check_ref(spec, tensors, torch, t0)


def check_ref(spec, tensors, torch, t0):
    """The emulator cell: the outputs against spec.ref's expected values."""
    want = spec.ref([tensors.get(i) for i in range(len(spec.launch) + 1)], torch)
    worst, over = 0.0, 0.0
    for i, e in want.items():
        d = (tensors[i].float() - e).abs()
        worst = max(worst, d.max().item())
        over = max(over, (d - spec.rtol * e.abs()).max().item())
    return {"cell": ("match" if over < spec.tol else "MISMATCH") + " (max err %.1e)" % worst, "time": time.time() - t0}


def child(argv):
    key, arch, emu = argv[0], argv[1], argv[2] == "emu"
    spec = next(s for s in SPECS if s.key() == key)
    try:
        r = run_one(spec, arch, emu)
    except BaseException as e:  # the table reports any failure by its first line
        r = {"cell": first_line(e), "time": 0.0}
    print("@@" + json.dumps(r))


# ---- the table ----
def list_modules(root):
    mods = []
    for d, ds, fs in os.walk(os.path.join(root, "kernels")):
        ds.sort()
        for f in sorted(fs):
            if f.endswith(".py") and f != "__init__.py":
                mods.append(os.path.relpath(os.path.join(d, f), root)[:-3].replace(os.sep, "."))
    return mods


def builders_of(mod):
    """The public builder functions a module defines (build_*/compile_*/create_*), in name order."""
    out = []
    if mod.__name__.startswith(HELPER_MODULES):
        return out
    for name in sorted(vars(mod)):
        v = getattr(mod, name)
        if name.startswith(BUILDER_PREFIXES) and callable(v) and getattr(v, "__module__", None) == mod.__name__:
            out.append(name)
    return out


def spawn(root, argv, timeout):
    env = dict(os.environ, FLYI_PATH=root + (os.pathsep + os.environ["FLYI_PATH"] if "FLYI_PATH" in os.environ
                                               else ""))
    env.pop("COMPILE_ONLY", None)
    t0 = time.time()
    try:
        p = subprocess.run([sys.executable, os.path.abspath(__file__), "--child"] + argv, capture_output=True,
                           text=True, timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        return {"cell": "timeout (%ds)" % timeout, "time": time.time() - t0}
    for line in p.stdout.splitlines():
        if line.startswith("@@"):
            return json.loads(line[2:])
    err = [ln for ln in (p.stderr or "").splitlines() if ln.strip()]
    return {"cell": "crashed: " + (err[-1] if err else "exit status %d" % p.returncode), "time": time.time() - t0}


def cell_text(s):
    return s.replace("|", "\\|").replace("\n", " ")[:120]


def table(root, only=None, timeout=300, emu=True):
    sys.path.insert(0, root)
    rows = ["| module | builder | gfx942 (VGPR/SGPR/LDS) | gfx950 | emulator | time |", "|---|---|---|---|---|---|"]
    imported, compiled = 0, {a: 0 for a in ARCHS}
    mods = list_modules(root)
    nbuilders = 0
    for m in mods:
        try:
            mod = importlib.import_module(m)
        except BaseException as e:
            rows.append("| %s | (import) | %s | | | |" % (m, cell_text(first_line(e))))
            continue
        imported += 1
        entries = [s.builder for s in SPECS if s.module == m and s.direct and s.builder not in builders_of(mod)]
        for b in builders_of(mod) + sorted(set(entries)):
            if only and only not in m + "." + b:
                continue
            nbuilders += 1
            specs = [s for s in SPECS if s.module == m and s.builder == b]
            if m in OTHER_TARGETS:
                rows.append("| %s | %s | FlyDSL builds it for %s only | | | |" % (m, b, OTHER_TARGETS[m]))
            elif m + "." + b in HELPER_BUILDERS:
                rows.append("| %s | %s | %s | | | |" % (m, b, HELPER_BUILDERS[m + "." + b]))
            elif not specs:
                rows.append("| %s | %s | no example arguments | | | |" % (m, b))
            for spec in specs:
                rows.append(row(root, spec, timeout, emu, compiled))
    summary = "imports %d/%d; builders %d; compiling: %s" % (
        imported, len(mods), nbuilders, ", ".join("%s %d" % (a, n) for a, n in compiled.items()))
    return "\n".join(rows) + "\n\n" + summary + "\n"


def row(root, spec, timeout, emu, compiled):
    """The table's row of one spec; counts the targets it compiles for into compiled."""
    cells, total = [], 0.0
    for a in ARCHS:
        if a not in spec.archs:
            cells.append("not a target of the kernel")
            continue
        r = spawn(root, [spec.key(), a, "compile"], timeout)
        total += r["time"]
        if r["cell"][:1].isdigit():
            compiled[a] += 1
        cells.append(r["cell"])
    e = ""
    if emu and spec.ref is not None:
        r = spawn(root, [spec.key(), spec.archs[0], "emu"], timeout)
        total += r["time"]
        e = r["cell"]
    name = spec.builder + (" (" + spec.note + ")" if spec.note else "")
    return "| %s | %s | %s | %s | %s | %.1fs |" % (spec.module, name, cell_text(cells[0]), cell_text(cells[1]),
                                                 cell_text(e), total)


def main(argv):
    if argv[:1] == ["--child"]:
        return child(argv[1:])
    if not argv or argv[0].startswith("-"):
        print(__doc__)
        return 2
    root, only, timeout, emu = os.path.abspath(argv[0]), None, 300, True
    i = 1
    while i < len(argv):
        if argv[i] == "--only":
            only, i = argv[i + 1], i + 2
        elif argv[i] == "--timeout":
            timeout, i = int(argv[i + 1]), i + 2
        elif argv[i] == "--no-emu":
            emu, i = False, i + 1
        else:
            print("unknown option", argv[i])
            return 2
    print(table(root, only, timeout, emu), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
