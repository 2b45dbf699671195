# flyi: run
# A thread's partition of a buffer tensor over a torch argument (a dynamic layout) has a static layout of its
# own, ((8,1),1,1):((1,0),0,0) here; fx.copy with a 128-bit atom moves it as one vector (trace_buffer.c: the
# piece's first element is its offset in the resource), so the ISA has buffer_load_dwordx4 /
# buffer_store_dwordx4 and no element loads; reads past num_records still give 0 (the last rows).
import re

import flydsl.compiler as flyc
import flydsl.expr as fx
import torch


@flyc.kernel
def copy_tiles(A: fx.Tensor, O: fx.Tensor):
    tid = fx.thread_idx.x
    atom = fx.make_copy_atom(fx.rocdl.BufferCopy128b(), fx.Float16)
    tc = fx.make_tiled_copy_tv(atom, fx.make_layout((16, 4), (4, 1)), fx.make_layout((1, 8), (8, 1)))
    t = tc.get_slice(tid)
    tiles_a = fx.zipped_divide(fx.rocdl.make_buffer_tensor(A, max_size=False), fx.make_tile(16, 32))
    tiles_o = fx.zipped_divide(fx.rocdl.make_buffer_tensor(O, max_size=False), fx.make_tile(16, 32))
    src = t.partition_S(fx.slice(tiles_a, (None, (fx.block_idx.x, 0))))
    print("thread source", src)
    r = fx.make_fragment_like(src)
    fx.copy(atom, src, r)
    fx.copy(atom, r, t.partition_D(fx.slice(tiles_o, (None, (fx.block_idx.x, 0)))))


@flyc.jit
def run(A, O):
    copy_tiles(A, O).launch(grid=2, block=64)


a = torch.randn(32, 40, device="cuda").half()
o = torch.zeros(32, 40, device="cuda").half()
a_short = a[:20].contiguous()  # rows 20..31 of the second tile are past the end of the buffer
run(a, o)
print("copied:", torch.equal(o[:, :32].cpu(), a[:, :32].cpu()), "rest untouched:", bool((o[:, 32:] == 0).all()))
o2 = torch.zeros(20, 40, device="cuda").half()
run(a_short, o2)
print("short:", torch.equal(o2[:, :32].cpu(), a_short[:, :32].cpu()))
isa = flyc.compile(run, a, o).isa
print(sorted(set(re.findall(r"buffer_(?:load|store)_\w+", isa))))
