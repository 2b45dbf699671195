# flyi: run
# flyi: emu-only (the profiler counts on the emulator)
# flyc.profile: coalescing of global accesses, divergence, atomics per address and barrier imbalance.
# 256 threads load floats at stride 1 (a wave asks for 256 bytes in 4 segments of 64: 1.0), stride 2
# (256 of 512: 0.5) and stride 16 (every lane its own segment: 4/64), all lanes one float (a broadcast: 4
# of 64 bytes); a branch on tid % 2 runs half the lanes; a loop whose trip count is the lane's tid % 4
# keeps 3/4, 2/4, 1/4 of the lanes in its later iterations; atomics hit 4 addresses 64 times each; wave 0
# does 8 more iterations than the others before the barrier.
import torch
import flydsl.compiler as flyc
import flydsl.expr as fx


@flyc.kernel
def access(X: fx.Tensor, Y: fx.Tensor, C: fx.Tensor):
    t = fx.thread_idx.x
    a = X[t]
    b = X[2 * t]
    c = X[16 * t]
    d = X[0]
    Y[t] = a + b + c + d
    if t % 2 == 0:
        Y[t] = a
    acc = fx.Float32(0.0)
    for i in range(t % 4):
        acc = acc + X[i]
    fx.atomic_add(C, t % 4, acc)
    n = fx.Int32(0)
    for i in range(8 if t < 64 else 0):
        n = n + 1
    fx.barrier()
    Y[t] = Y[t] + n.to(fx.Float32)


@flyc.jit
def run(X, Y, C):
    access(X, Y, C).launch(grid=1, block=256)


x = torch.ones(4096, device="cuda")
y = torch.zeros(256, device="cuda")
c = torch.zeros(4, device="cuda")
rep = flyc.profile(run, x, y, c)
for r in sorted(rep.lines, key=lambda r: (r.line, r.kind)):
    if r.kind == "exec":
        continue
    extra = ""
    if r.coalescing is not None:
        extra = "coalescing %.4f (%d of %d bytes)" % (r.coalescing, r.bytes_requested, r.segments * 64)
    if r.kind == "atomic":
        extra = "%d addresses, at most %d on one" % (r.atomic_addresses, r.atomic_max_per_address)
    if r.kind == "barrier":
        extra = "wait %d blocks" % r.wait_blocks
    print("%2d %-12s %4d executions %2d waves active %.3f  %s" % (
        r.line, r.kind, r.executions, r.waves, r.active_lane_fraction, extra))
print("totals:", {k: rep.totals[k] for k in ("launches", "blocks", "threads", "global_bytes", "bytes", "flops")})
print(rep.totals["bound"], rep.totals["estimate_basis"])
print(c.cpu().tolist(), y.cpu()[:4].tolist())
