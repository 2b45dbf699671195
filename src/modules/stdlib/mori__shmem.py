"""mori.shmem (flyi stand-in): mori's host API for one process: rank 0 of 1 PE. Symmetric tensors are plain
device tensors; a peer's pointer, or a process group of several ranks, is the multi-device error (see mori)."""

import torch

import mori as _mori

_state = {"init": False}


def _check_group(group):
    dist = getattr(torch, "distributed", None)
    size = 1
    try:
        if dist is not None and dist.is_initialized():
            size = dist.get_world_size(group) if group is not None and not isinstance(group, str) \
                else dist.get_world_size()
    except Exception:
        size = 1
    if size > 1:
        raise _mori.needs_several_devices("mori.shmem: a process group of %d ranks" % size)


def shmem_torch_process_group_init(group_name="default", *args, **kwargs):
    _check_group(None)
    _state["init"] = True
    return 0


def shmem_module_init(*args, **kwargs):
    return 0


def shmem_finalize():
    _state["init"] = False
    return 0


def shmem_mype():
    return 0


def shmem_npes():
    return 1


def shmem_my_pe():
    return 0


def shmem_n_pes():
    return 1


def shmem_barrier_all():
    """One PE: the barrier is the device's own ordering (a synchronize)."""
    torch.cuda.synchronize()


def shmem_ptr_p2p(addr, my_pe, dest_pe):
    """The address of addr's symmetric copy on dest_pe: addr itself on this PE."""
    if int(dest_pe) == int(my_pe) == 0:
        return int(addr)
    raise _mori.needs_several_devices("mori.shmem.shmem_ptr_p2p to PE %d" % int(dest_pe))


def mori_shmem_create_tensor(shape, dtype):
    """A symmetric tensor: on one PE, a zeroed device tensor."""
    return torch.zeros(tuple(shape) if isinstance(shape, (list, tuple)) else (int(shape),), dtype=dtype,
                       device="cuda")
