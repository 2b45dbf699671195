# flyi: run
# mori is a stand-in: FlyDSL's multi-GPU modules import it; mori.shmem's host calls act for one process (rank 0
# of 1 PE: symmetric tensors are zeroed device tensors, the pointer of this PE's copy is the tensor's own), a
# kernel's mori.ir.flydsl.my_pe()/n_pes() are 0 and 1, and what needs another PE or mori's device library
# (ptr_p2p to PE 1, the device puts and waits) is a RuntimeError naming the need for several GPUs.
import flydsl.compiler as flyc
import flydsl.expr as fx
import mori
import mori.ir.flydsl as mori_shmem
import mori.shmem as ms
import torch
from mori.shmem import mori_shmem_create_tensor

print(ms.shmem_torch_process_group_init("default"), ms.shmem_mype(), ms.shmem_npes())
t = mori_shmem_create_tensor((2, 3), torch.int32)
print(t, t.device)
print(ms.shmem_ptr_p2p(t.data_ptr(), 0, 0) == t.data_ptr(), ms.shmem_barrier_all(), ms.shmem_finalize())
for f in (lambda: ms.shmem_ptr_p2p(t.data_ptr(), 0, 1), lambda: mori_shmem.int32_wait_until_equals(0, 1)):
    try:
        f()
    except RuntimeError as e:
        print("RuntimeError:", e)
print(repr(mori_shmem.putmem_nbi_warp), mori_shmem.SIGNAL_SET, mori.__version__)


@flyc.kernel
def ranks(out: fx.Tensor):
    out[0] = mori_shmem.my_pe()
    out[1] = mori_shmem.n_pes()


@flyc.kernel
def waits(out: fx.Tensor):
    mori_shmem.int32_wait_until_equals(fx.Int64(0), fx.Int32(1))


@flyc.jit
def run(out):
    ranks(out).launch(grid=1, block=1)


@flyc.jit
def run_waits(out):
    waits(out).launch(grid=1, block=1)


o = torch.full((2,), 7, dtype=torch.int32, device="cuda")
run(o)
print(o.tolist())
try:
    run_waits(o)
except RuntimeError as e:
    print("RuntimeError:", str(e).splitlines()[0])
