# flyi: run
# flyi: emu-only (the profiler counts on the emulator)
# flyc.profile, LDS bank conflicts: a 32 x 32 float tile written by rows and read down its columns. Stored
# plainly, a column is 32 words apart: one bank, 32 ways on gfx942 (32 banks of 4 bytes, a phase of 32
# lanes) and 16 ways on gfx950 (64 banks, a phase of 64 lanes: the 16 lanes of even (odd) tx and one ty
# share a bank). Padded to 33 words a row, every bank is hit once per gfx942 phase, but gfx950's 64-lane
# phase keeps one 2-way pair (lanes tx=31,ty=1 and tx=0,ty=0: 33*31+1 = 1024 = 0 mod 64); swizzled
# (c XOR r), no conflict on either.
import os

import torch
import flydsl.compiler as flyc
import flydsl.expr as fx

T = 32


@fx.struct
class Tile:
    t: fx.Array[fx.Float32, T * (T + 1)]


@flyc.kernel
def tr(X: fx.Tensor, Y: fx.Tensor, mode: fx.Constexpr[int]):
    tid = fx.thread_idx.x
    tx, ty = tid % T, tid // T
    s = fx.SharedAllocator().allocate(Tile).peek().t.view(fx.make_layout(T * (T + 1), 1))
    ld = T + 1 if mode == 1 else T
    for k in fx.range_constexpr(4):
        r = ty + k * 8
        c = tx ^ r if mode == 2 else tx
        s[r * ld + c] = X[r, tx]
    fx.barrier()
    for k in fx.range_constexpr(4):
        c = ty + k * 8
        cc = c ^ tx if mode == 2 else c
        Y[c, tx] = s[tx * ld + cc]


@flyc.jit
def run(X, Y, mode: fx.Constexpr[int]):
    tr(X, Y, mode).launch(grid=1, block=256)


x = torch.arange(T * T, dtype=torch.float32).reshape(T, T).to("cuda")
for arch in ("gfx942", "gfx950"):
    os.environ["ARCH"] = arch
    for mode, name in enumerate(("plain", "padded", "swizzled")):
        y = torch.empty(T, T, device="cuda")
        rep = flyc.profile(run, x, y, mode)
        assert torch.equal(y.cpu(), x.cpu().t())
        lds = {r.kind: r for r in rep.lines if r.kind.startswith("lds")}
        ld, st = lds["lds_load"], lds["lds_store"]
        print(arch, name, rep.totals["target"], rep.totals["bank_model"])
        print("  load  line %d: %d executions, %d waves, %d-way, %d cycles for %d phases" % (
            ld.line, ld.executions, ld.waves, ld.lds_bank_conflict_ways, ld.lds_cycles, ld.lds_phases))
        print("  store line %d: %d-way, %d cycles for %d phases" % (
            st.line, st.lds_bank_conflict_ways, st.lds_cycles, st.lds_phases))
del os.environ["ARCH"]
y = torch.empty(T, T, device="cuda")
print(flyc.profile(run, x, y, 0))
