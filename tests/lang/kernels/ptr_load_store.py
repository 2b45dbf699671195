# flyi: run
# Pointer element access is FlyDSL's fly.ptr.load / fly.ptr.store: p[i] (fly.add_offset, then the op),
# p.load() / p.store(v), fx.ptr_load / fx.ptr_store (a Vector through a pointer is one op), in global,
# shared and register memory (a vector result type of one element gives a one-element Vector); a Storage over a register pointer pokes and peeks a struct's fields through a
# recast register pointer; the shared array is one fly.make_ptr {allocBytes}. The traced ops are printed, then
# the emulator's results.
import re

import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

N = 16

@fx.struct
class Pair:
    left: fx.Int32
    right: fx.Float32

@flyc.kernel
def ptr_ops(a: fx.Tensor, out: fx.Tensor):
    t = fx.thread_idx.x
    p = fx.get_iter(a)
    q = fx.get_iter(out)
    v = p[t]
    r = fx.make_rmem_tensor(2, fx.Float32)
    rp = fx.get_iter(r)
    rp[0] = v * 2.0
    rp[1] = v + 1.0
    s = fx.SharedAllocator().allocate(fx.Array[fx.Float32, N]).peek()
    s[t] = rp[0] + rp[1]
    fx.barrier()
    (q + t).store(s[N - 1 - t])
    fx.ptr_store(fx.ptr_load(p + t) * 10.0, q + N + t)
    storage = fx.Storage[Pair](fx.get_iter(fx.make_rmem_tensor(2, fx.Int32)))
    storage.poke(Pair(fx.Int32(t) + 1, fx.Float32(2.5)))
    pair = storage.peek()
    q[2 * N + t] = pair.left.to(fx.Float32) + pair.right
    if t == 0:
        w = fx.ptr_load(p + 4, fx.Vector.filled(4, 0.0, fx.Float32).type)
        fx.ptr_store(w + w, q + 3 * N)
        # a one-element vector type gives a Vector (FlyDSL's paged attention indexes it: [0])
        one = fx.ptr_load(p + 9, result_type=fx.Vector.make_type(1, fx.Float32))
        q[3 * N + 4] = one[0] + 0.5

@flyc.jit
def run(a, out):
    ptr_ops(a, out).launch(grid=1, block=N)

a = torch.arange(N, dtype=torch.float32, device="cuda")
out = torch.zeros(4 * N, dtype=torch.float32, device="cuda")
run(a, out)
for line in run._last_compiled[1].source_ir.splitlines():
    if "fly.ptr." in line or "fly.make_ptr" in line:
        print(re.sub(r" loc\(.*\)$", "", line.strip()))
print(out[:N].tolist())
print(out[N:2 * N].tolist())
print(out[2 * N:3 * N].tolist())
print(out[3 * N:3 * N + 5].tolist())
