# flyi: run
# Buffer -> LDS DMA copies (fx.rocdl.BufferCopyLDS32b / 128b, trace_buffer_ptr.c): fx.copy(atom, one-element
# buffer slice, one-element LDS view) moves the atom's bytes from the slice's element to LDS at the wave's LDS
# address (the first lane's, as the hardware reads it from M0) + lane * bytes, so a kernel may give every lane
# its own address (lane-contiguous) or one address for the wave. Past num_records the DMA writes 0. Exact.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

N = 64


@flyc.kernel
def dma(src: fx.Tensor, out: fx.Tensor, out2: fx.Tensor):
    t = fx.Int32(fx.thread_idx.x)
    lds = fx.SharedAllocator().allocate(fx.Array[fx.Int32, 2 * N]).peek()
    lds_t = fx.make_view(lds.ptr, fx.make_layout(2 * N, 1))
    # 60 ints of records: lanes 60..63 read past them
    b = fx.logical_divide(fx.rocdl.make_buffer_tensor(src, num_records_bytes=60 * 4), fx.make_layout(1, 1))
    atom = fx.make_copy_atom(fx.rocdl.BufferCopyLDS32b(), 32)
    base = fx.Int32(fx.ptrtoint(lds.ptr))
    pt = fx.PointerType.get(fx.Int32.ir_type, fx.AddressSpace.Shared, 4)
    # every lane gives its own address (lane-contiguous): element (63 - t) of src lands in lds[t]
    mine = fx.make_view(fx.inttoptr(pt, base + t * 4), fx.make_layout(1, 1))
    fx.copy(atom, fx.slice(b, (None, fx.Int32(N - 1) - t)), mine)
    # one address for the wave (lds[64]): lane t's element (t) lands in lds[64 + t]
    wave = fx.make_view(fx.inttoptr(pt, base + N * 4), fx.make_layout(1, 1))
    fx.copy(atom, fx.slice(b, (None, t)), wave)
    fx.gpu.barrier()
    o = fx.Tensor(fx.make_view(fx.get_iter(out), fx.make_layout(N, 1)))
    o2 = fx.Tensor(fx.make_view(fx.get_iter(out2), fx.make_layout(N, 1)))
    o[t] = lds_t[t]
    o2[t] = lds_t[t + N]


@flyc.jit
def run(src, out, out2):
    dma(src, out, out2).launch(grid=1, block=N)


src = torch.arange(N, dtype=torch.int32, device="cuda") * 3 + 1
out = torch.full((N,), -1, dtype=torch.int32, device="cuda")
out2 = torch.full((N,), -1, dtype=torch.int32, device="cuda")
run(src, out, out2)
s = src.cpu().tolist()
want = [s[N - 1 - t] if N - 1 - t < 60 else 0 for t in range(N)]
want2 = [s[t] if t < 60 else 0 for t in range(N)]
print("lane-contiguous addresses:", out.cpu().tolist() == want, out.cpu().tolist()[:6])
print("one address for the wave:", out2.cpu().tolist() == want2, out2.cpu().tolist()[58:])
