# Every kernel of flyi.kernels compiles for gfx942 and gfx950 without scratch memory or spills; the
# elementwise kernel moves 128 bits a load, the block reductions and the transpose use LDS (ds_ reads and
# writes) and barriers, softmax uses the hardware exp.
import os

import torch

from flyi.kernels import attention, elementwise, gemm, norm, quant, reduce, softmax, transpose

x = torch.randn(8, 512, device="cuda")
h = torch.randn(64, 64, device="cuda").half()
q4 = torch.randn(1, 1, 8, 64, device="cuda").half()
q8 = torch.randn(1, 1, 8, 128, device="cuda").bfloat16()
KERNELS = [("elementwise.add", lambda: elementwise.compile(x.reshape(-1)), ["global_load_dwordx4"]),
           ("reduce.sum", lambda: reduce.compile(x), ["ds_", "s_barrier"]),
           ("reduce.max", lambda: reduce.compile(x, "max"), ["v_max"]),
           ("softmax.softmax", lambda: softmax.compile(x), ["v_exp_f32", "ds_"]),
           ("norm.layer_norm", lambda: norm.compile(x), ["v_rsq_f32"]),
           ("norm.rms_norm", lambda: norm.compile(x, "rms_norm"), ["v_rsq_f32"]),
           ("transpose.transpose", lambda: transpose.compile(x), ["ds_write", "ds_read", "s_barrier"]),
           ("gemm.gemm", lambda: gemm.compile(h, h), ["v_mfma", "buffer_load_dwordx4", "ds_read", "s_barrier"]),
           ("gemm.gemm f32", lambda: gemm.compile(h.float(), h.float()), ["v_mfma_f32_32x32x2_f32", "buffer_load_dwordx4"]),
           ("gemm.preshuffled", lambda: gemm.compile(h, h, shuffled=True), ["v_mfma", "buffer_load_dwordx4"]),
           ("gemm.gemm_fp8", lambda: gemm.compile(*[h.float().to(gemm.fp8_dtype())] * 2), ["_fp8_fp8"]),
           ("attention.d64", lambda: attention.compile(q4), ["v_exp_f32", "v_mfma", "buffer_load_dwordx4"]),
           ("attention.d128.bf16", lambda: attention.compile(q8, causal=True), ["v_mfma_f32_32x32x8_bf16", "ds_read"]),
           ("quant.per_token", lambda: quant.compile(h), ["global_load_dwordx4", "v_cvt_pk_fp8_f32"]),
           ("quant.dequant", lambda: quant.compile(h, "dequant"), ["global_store_dwordx4", "v_cvt_pk_f32_fp8"])]
for arch in ("gfx942", "gfx950"):
    os.environ["ARCH"] = arch
    for name, make, want in KERNELS:
        k = make()
        st = k.stats
        print(arch, name.ljust(20), k.target == arch, "scratch", st["scratch_bytes"],
              "spills", st["vgpr_spill"] + st["sgpr_spill"], all(w in k.isa for w in want))
del os.environ["ARCH"]
