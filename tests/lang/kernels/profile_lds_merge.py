# flyi: run
# flyi: emu-only (the profiler counts on the emulator)
# flyc.profile counts an LDS access at the width the GPU executes it: the four 2-byte loads (stores) a lane
# makes to consecutive addresses of one base in one basic block are one ds_read_b64 (ds_write_b64) after the
# AMDGPU backend's load/store vectoriser, so the profiler merges them too. Lane t's 8 bytes at 8 t: 16 lanes
# a phase cover the 32 banks, no conflict; counted as 2-byte accesses (FLYI_PROF_LDS_UNMERGED=1) lanes t and
# t + 16 of a 32-lane phase would share a bank (2-way). Elements 256 apart (a column per lane) are not merged:
# 2-byte accesses, consecutive across lanes, no conflict either way. The gfx942 ISA of each kernel shows the
# ds_read/ds_write widths the counts assume.
import os
import subprocess
import sys

import torch
import flydsl.compiler as flyc
import flydsl.expr as fx


@fx.struct
class Buf:
    t: fx.Array[fx.Float16, 4 * 256]


@flyc.kernel
def k(X: fx.Tensor, Y: fx.Tensor, rows: fx.Constexpr[bool]):
    t = fx.thread_idx.x
    s = fx.SharedAllocator().allocate(Buf).peek().t.view(fx.make_layout(4 * 256, 1))
    for i in fx.range_constexpr(4):
        if fx.const_expr(rows):
            s[t * 4 + i] = X[t * 4 + i]
        else:
            s[i * 256 + t] = X[i * 256 + t]
    fx.barrier()
    for i in fx.range_constexpr(4):
        if fx.const_expr(rows):
            Y[t * 4 + i] = s[t * 4 + i]
        else:
            Y[i * 256 + t] = s[i * 256 + t]


@flyc.jit
def run(X, Y, rows: fx.Constexpr[bool]):
    k(X, Y, rows).launch(grid=1, block=256)


x = torch.arange(1024, dtype=torch.float16).to("cuda")
child = len(sys.argv) > 1
for rows in (True, False):
    y = torch.zeros(1024, dtype=torch.float16, device="cuda")
    rep = flyc.profile(run, x, y, rows)
    assert torch.equal(y.cpu(), x.cpu())
    print("rows" if rows else "columns", "unmerged" if child else "merged")
    if not child:  # what the GPU compile made of the accesses: the widths the profiler counts
        isa = flyc.compile(run, x, y, rows).isa
        print("  ISA:", " ".join(sorted({l.split()[0] for l in isa.splitlines() if l.strip().startswith("ds_")})))
    for r in sorted((r for r in rep.lines if r.kind.startswith("lds")), key=lambda r: r.kind):
        print("  %s: %d bytes a lane, %d executions, %d waves, %d-way, %d cycles for %d phases" % (
            r.kind, r.bytes, r.executions, r.waves, r.lds_bank_conflict_ways, r.lds_cycles, r.lds_phases))
if not child:  # the same kernels compiled without the merging, in a process of their own
    env = dict(os.environ, FLYI_PROF_LDS_UNMERGED="1")
    out = subprocess.run([sys.executable, __file__, "child"], env=env, capture_output=True, text=True)
    print(out.stdout, end="")
    assert out.returncode == 0, out.stderr
