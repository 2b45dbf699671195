# flyi: run
# fx.apply_swizzle(ptr, swizzle): FlyDSL's fly.apply_swizzle, the pointer typed !fly.ptr<f32, shared, S<b,m,s>>;
# its loads and stores (p[i], p.load() / p.store(), fx.ptr_load / ptr_store, vectors) go to the swizzled byte
# address a ^ ((a & (((1 << b) - 1) << (m + s))) >> s), as FlyDSL's lowering computes it on the LLVM pointer.
# On the emulator: 64 threads store their id through a swizzled LDS pointer (S<3,2,3> on f32: byte bits 5-7 into
# 2-4), the buffer read back plainly is that permutation; a load through the swizzled pointer undoes it; a vector
# store of 2 f32 (8 bytes) under S<2,3,3> keeps its elements together, one that does not divide the swizzle's 2^m
# bytes is an error, as FlyDSL's. Views of a swizzled pointer are not supported yet (NotImplementedError).
import re

import flydsl.compiler as flyc
import flydsl.expr as fx
import torch


def sw(a, b, m, s):
    return a ^ ((a & (((1 << b) - 1) << (m + s))) >> s)


@flyc.kernel
def k(O: fx.Tensor):
    t = fx.thread_idx.x
    raw = fx.get_dyn_shared(fx.Float32)
    p = fx.apply_swizzle(raw, fx.static(fx.SwizzleType.get(3, 2, 3)))
    (p + t).store(fx.Float32(t))  # swizzled store
    fx.gpu.barrier()
    O[t] = raw[t]  # plain read: the permutation
    O[64 + t] = fx.ptr_load(p + t)  # swizzled read: the identity
    fx.gpu.barrier()
    q = fx.apply_swizzle(raw, fx.static(fx.SwizzleType.get(2, 3, 3)))
    if t < 32:
        fx.ptr_store(fx.Vector.from_elements([fx.Float32(2 * t), fx.Float32(2 * t + 1)]), q + 2 * t)
    fx.gpu.barrier()
    O[128 + t] = raw[t]
    if t == 0:
        print(p.type, p + 1)
        try:
            p.view(fx.make_layout(4, 1))
        except NotImplementedError as e:
            print("NotImplementedError:", e)
        try:
            fx.ptr_store(fx.Vector.from_elements([fx.Float32(0), fx.Float32(1)]), p)
        except ValueError as e:
            print("ValueError:", e)


@flyc.jit
def run(O):
    k(O).launch(grid=1, block=64, smem=256)


O = torch.zeros(192, dtype=torch.float32).cuda()
c = flyc.compile(run, O)
o = O.cpu().tolist()
perm = [sw(4 * i, 3, 2, 3) // 4 for i in range(64)]
print("stores land swizzled:", all(o[perm[i]] == i for i in range(64)))
print("loads undo it:", o[64:128] == [float(i) for i in range(64)])
perm2 = [sw(4 * i, 2, 3, 3) // 4 for i in range(64)]
print("vector store:", all(o[128 + perm2[i]] == i for i in range(64)), perm[8:12], perm2[16:20])
print([re.sub(r"%\d+", "%N", ln.split(" loc(")[0].strip()) for ln in c.ir(0).splitlines() if "apply_swizzle" in ln][:1])
