# flyi: run
# FlyDSL's buffer atomic copy atoms (fx.rocdl.BufferAtomicAdd / Max / Min / PkAdd): make_copy_atom of one,
# then copy_atom_call from a register fragment into a buffer view (fx.make_view(fx.get_iter(buf) + off,
# layout), the split-K write of FlyDSL's GEMMs) is one rocdl.raw.ptr.buffer.atomic op per atom value, with
# the buffer's range rule (past num_records: dropped). Expected values computed here in float64 / Python ints.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

N = 64


@flyc.kernel
def atomics(acc: fx.Tensor, hacc: fx.Tensor, mx: fx.Tensor, mn: fx.Tensor):
    t = fx.Int32(fx.thread_idx.x)
    one = fx.make_layout(1, 1)
    # f32 add: thread t adds t / 2 into acc[t % 8]; records cover 6 floats, so acc[6], acc[7] keep their value
    acc_b = fx.rocdl.make_buffer_tensor(acc, num_records_bytes=6 * 4)
    add = fx.make_copy_atom(fx.rocdl.BufferAtomicAdd(fx.Float32), fx.Float32)
    frag = fx.make_rmem_tensor(one, fx.Float32)
    frag.store(fx.Vector.from_elements([fx.Float32(t) * fx.Float32(0.5)], fx.Float32))
    fx.copy_atom_call(add, frag, fx.make_view(fx.get_iter(acc_b) + t % 8, one))
    # packed f16 add (CDNA3/CDNA4 have no packed bf16 buffer add): thread t adds (1, 2) into the pair at hacc[2 * (t % 4)]
    h_b = fx.rocdl.make_buffer_tensor(hacc)
    pk = fx.make_copy_atom(fx.rocdl.BufferAtomicPkAdd(fx.Float16), fx.Float16)
    pair = fx.make_layout(2, 1)
    hfrag = fx.make_rmem_tensor(pair, fx.Float16)
    hfrag.store(fx.Vector.from_elements([fx.Float16(1.0), fx.Float16(2.0)], fx.Float16))
    fx.copy_atom_call(pk, hfrag, fx.make_view(fx.get_iter(h_b) + (t % 4) * 2, pair))
    # integer Max is a signed max (t - 40 into mx[0]), integer Min an unsigned min (100 - t into mn[0])
    mx_b = fx.rocdl.make_buffer_tensor(mx)
    smax = fx.make_copy_atom(fx.rocdl.BufferAtomicMax(fx.Int32), fx.Int32)
    ifrag = fx.make_rmem_tensor(one, fx.Int32)
    ifrag.store(fx.Vector.from_elements([t - fx.Int32(40)], fx.Int32))
    fx.copy_atom_call(smax, ifrag, fx.make_view(fx.get_iter(mx_b), one))
    mn_b = fx.rocdl.make_buffer_tensor(mn)
    umin = fx.make_copy_atom(fx.rocdl.BufferAtomicMin(fx.Int32), fx.Int32)
    ifrag.store(fx.Vector.from_elements([fx.Int32(100) - t], fx.Int32))
    fx.copy_atom_call(umin, ifrag, fx.make_view(fx.get_iter(mn_b), one))


@flyc.jit
def run(acc, hacc, mx, mn):
    atomics(acc, hacc, mx, mn).launch(grid=1, block=N)


acc = torch.full((8,), 1.0, dtype=torch.float32, device="cuda")
hacc = torch.zeros(8, dtype=torch.float16, device="cuda")
mx = torch.full((1,), -100, dtype=torch.int32, device="cuda")
mn = torch.full((1,), 1000, dtype=torch.int32, device="cuda")
run(acc, hacc, mx, mn)
want = [1.0 + (sum(t * 0.5 for t in range(N) if t % 8 == s) if s < 6 else 0.0) for s in range(8)]
print("acc ", acc.tolist() == want, acc.tolist())
print("hacc", hacc.float().tolist() == [16.0, 32.0] * 4, hacc.float().tolist())
print("max ", mx.tolist() == [max(t - 40 for t in range(N))], mx.tolist())
print("umin", mn.tolist() == [min(100 - t for t in range(N))], mn.tolist())
print(fx.rocdl.BufferAtomicAdd(fx.Float32), fx.rocdl.BufferAtomicPkAdd(fx.Float16))
print(isinstance(fx.rocdl.BufferAtomicMax(fx.Int32), fx.rocdl.CopyOpCDNA3BufferAtomicType))
# the combinations with no buffer instruction are errors when the atom is made
for op, ty in ((fx.rocdl.BufferAtomicMin, fx.Float32), (fx.rocdl.BufferAtomicAdd, fx.Int32)):
    try:
        fx.make_copy_atom(op(ty), ty)
    except ValueError as e:
        print("ValueError:", e)
