# flyi: run
# FlyDSL's MoE helpers' idioms: fx.get_shape of a buffer tensor (its .rank); an Int8 stand-in tensor at
# address 0 (fx.inttoptr of fx.PointerType.get(Int8, 1 = global, 512)) partitioned by a tiled copy of
# Float16 atoms, whose iterator address (fx.ptrtoint) is then the thread's element offset, as the
# partition counts in the atom's values whatever the tensor's element type; checked against the TV
# layout evaluated on the host.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

TV = fx.make_layout(((4, 8), 4), ((4, 16), 1))

@flyc.kernel
def k(a: fx.Tensor, out: fx.Tensor):
    tid = fx.thread_idx.x
    b = fx.rocdl.make_buffer_tensor(fx.make_view(fx.get_iter(a), fx.make_layout((16, 8), (8, 1))))
    sh = fx.get_shape(b)
    print("buffer shape", sh, "rank", sh.rank)
    atom = fx.make_copy_atom(fx.UniversalCopy64b(), fx.Float16)
    tc = fx.make_tiled_copy(atom, TV, fx.make_tile(16, 8))
    ptr = fx.inttoptr(fx.PointerType.get(fx.Int8.ir_type, 1, 512), fx.Int32(0))
    fake = fx.make_view(ptr, fx.make_layout((16, 8), (1, 16)))
    thr = tc.get_slice(tid).partition_S(fake)
    out[tid] = fx.Int32(fx.ptrtoint(fx.get_iter(thr)))

@flyc.jit
def run(a, out):
    k(a, out).launch(grid=1, block=32)

a = torch.zeros(128, dtype=torch.float16, device="cuda")
out = torch.full((32,), -1, dtype=torch.int32, device="cuda")
run(a, out)
ref = [TV((t, 0)) for t in range(32)]
print(out.tolist()[:8], out.tolist() == ref)
