# Origin Fly IR of copy atoms (checked by copy_atom_ir.fc): fx.make_copy_atom values appear as
# fly.make_copy_atom of type !fly.copy_atom<!fly.universal_copy<bits>, value bits>, fx.copy_atom_call as
# fly.copy_atom_call(atom, src, dst), fx.copy as fly.copy(atom, src, dst), and a predicated call as an scf.if
# around the call; BufferCopy atoms on buffer tensors have type !fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<bits>, 32>
# and operate on !fly.memref<f32, #fly_rocdl.buffer_desc, layout> views. fly-layout-lowering turns them into
# loads and stores of the atom's width: the 128-bit copies of this kernel are global_load_dwordx4 /
# global_store_dwordx4 and buffer_load_dwordx4 / buffer_store_dwordx4 in the gfx942 ISA (this program runs
# with COMPILE_ONLY=1).
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

@flyc.kernel
def atoms(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor):
    tid = fx.thread_idx.x
    a32 = fx.make_copy_atom(fx.UniversalCopy32b(), fx.Float32)
    a128 = fx.make_copy_atom(fx.UniversalCopy128b(), fx.Float32)
    r1 = fx.make_rmem_tensor(fx.make_layout(1, 1), fx.Float32)
    fx.copy_atom_call(a32, fx.slice(fx.logical_divide(C, fx.make_layout(1, 1)), (None, tid)), r1)
    fx.copy_atom_call(a32, r1, fx.slice(fx.logical_divide(C, fx.make_layout(1, 1)), (None, tid + 64)), pred=tid < 60)
    tA = fx.slice(fx.logical_divide(A, fx.make_layout(4, 1)), (None, tid))
    tB = fx.slice(fx.logical_divide(B, fx.make_layout(4, 1)), (None, tid))
    r4 = fx.make_rmem_tensor(fx.make_layout(4, 1), fx.Float32)
    fx.copy(a128, tA, r4)
    fx.copy(a128, r4, tB)
    b128 = fx.make_copy_atom(fx.rocdl.BufferCopy128b(), fx.Float32)
    bA = fx.slice(fx.logical_divide(fx.rocdl.make_buffer_tensor(A), fx.make_layout(4, 1)), (None, tid))
    bC = fx.slice(fx.logical_divide(fx.rocdl.make_buffer_tensor(C), fx.make_layout(4, 1)), (None, tid))
    r5 = fx.make_rmem_tensor(fx.make_layout(4, 1), fx.Float32)
    fx.copy(b128, bA, r5)
    fx.copy(b128, r5, bC)

@flyc.jit
def run(a, b, c):
    atoms(a, b, c).launch(grid=1, block=64)

a, b, c = (flyc.from_dlpack(torch.zeros(256, device="cuda")) for _ in range(3))
k = flyc.compile(run, a, b, c)
print(k.ir(0))
isa = k.isa
print("ISA", k.target, "global_load_dwordx4" in isa, "global_store_dwordx4" in isa, "global_load_dword " in isa)
print("buffer ISA", "buffer_load_dwordx4" in isa, "buffer_store_dwordx4" in isa)
