"""Prints the resource table of flyi's kernel library (kernels/README.md, between its table markers):
per kernel and target, the registers, LDS, scratch and occupancy of the compiled kernel and the mix of
its instructions. Run with flyi: `flyi scripts/kernels-table.py` (or `--check kernels/README.md`, which
exits 1 when the README's table differs from what the kernels compile to now)."""
import os
import sys

import torch

from flyi.kernels import attention, elementwise, gemm, norm, quant, reduce, softmax, transpose

x = torch.randn(8, 512, device="cuda")
h = torch.randn(128, 128, device="cuda").half()
qa = torch.randn(1, 2, 64, 64, device="cuda").half()
qb = torch.randn(1, 2, 64, 128, device="cuda").half()
xh = torch.randn(8, 512, device="cuda").half()
KERNELS = [("elementwise.add", "f32, 256 threads x 4", lambda: elementwise.compile(x.reshape(-1))),
           ("reduce.sum", "f32, a row a block", lambda: reduce.compile(x)),
           ("softmax.softmax", "f32, a row a block", lambda: softmax.compile(x)),
           ("norm.layer_norm", "f32, a row a block", lambda: norm.compile(x)),
           ("norm.rms_norm", "f32, a row a block", lambda: norm.compile(x, "rms_norm")),
           ("transpose.transpose", "f32, 32 x 32 tiles", lambda: transpose.compile(x)),
           ("gemm.gemm", "f16, 64 x 64 x 32 tiles, 2 LDS stages", lambda: gemm.compile(h, h.t().contiguous())),
           ("gemm.gemm", "f32, 64 x 64 x 16 tiles, 2 LDS stages", lambda: gemm.compile(h.float(), h.float())),
           ("gemm.gemm_preshuffled", "f16, 64 x 64 x 32, B in registers", lambda: gemm.compile(h, h, shuffled=True)),
           ("gemm.gemm_fp8", "e4m3, 64 x 64 x 64 tiles, 2 LDS stages",
            lambda: gemm.compile(*[h.float().to(gemm.fp8_dtype())] * 2)),
           ("attention.flash_attention", "f16, d 64, 32 queries x 32 keys", lambda: attention.compile(qa)),
           ("attention.flash_attention", "f16, d 128, 32 queries x 32 keys", lambda: attention.compile(qb)),
           ("quant.per_token_quant_fp8", "f16, a row a block, 8 a thread", lambda: quant.compile(xh)),
           ("quant.dequant_fp8", "f16, a row a block, 8 a thread", lambda: quant.compile(xh, "dequant"))]
CLASSES = [("VMEM", ("global_", "buffer_")), ("LDS", ("ds_",)), ("SMEM", ("s_load", "s_buffer_load")),
           ("MFMA", ("v_mfma",)), ("VALU", ("v_",)), ("SALU", ("s_",))]


def mix(isa):
    counts = {name: 0 for name, _ in CLASSES}
    for line in isa.splitlines():
        op = line.strip().split(" ")[0] if line.startswith("\t") or line.startswith("  ") else ""
        if not op or op.startswith((".", ";")) or op.endswith(":"):
            continue
        for name, prefixes in CLASSES:
            if op.startswith(prefixes):
                counts[name] += 1
                break
    return " ".join("%s %d" % (n, c) for n, c in counts.items() if c)


def table():
    rows = ["| kernel | shape | target | VGPR | SGPR | AGPR | LDS bytes | scratch | occupancy | instructions |",
            "|---|---|---|---|---|---|---|---|---|---|"]
    for arch in ("gfx942", "gfx950"):
        os.environ["ARCH"] = arch
        for name, shape, make in KERNELS:
            k = make()
            s = k.stats
            rows.append("| %s | %s | %s | %d | %d | %d | %d | %d | %d | %s |" % (
                name, shape, arch, s["vgpr"], s["sgpr"], s["agpr"], s["lds_bytes"], s["scratch_bytes"],
                s["occupancy"], mix(k.isa)))
    del os.environ["ARCH"]
    return "\n".join(rows) + "\n"


BEGIN, END = "<!-- kernels-table: begin -->\n", "<!-- kernels-table: end -->\n"
if len(sys.argv) > 2 and sys.argv[1] == "--check":
    text = open(sys.argv[2]).read()
    have = text[text.index(BEGIN) + len(BEGIN):text.index(END)] if BEGIN in text and END in text else None
    now = table()
    print("kernels table up to date" if have == now else "kernels table differs from the kernels:\n" + now)
    sys.exit(0 if have == now else 1)
print(table(), end="")
