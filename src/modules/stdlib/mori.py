"""mori - a stand-in for AMD's ROCm/mori (shmem across GPUs), so that FlyDSL's multi-GPU kernel modules
(kernels.comm.*, kernels.mega_moe.dispatch / mega_moe / mega_moe_stage1) import under flyi. flyi drives one
device and has no mori runtime: mori.shmem's host calls behave as mori's do for a single process (rank 0 of 1
PE); anything that needs another PE, and the device functions of mori.ir.flydsl other than my_pe / n_pes,
raise RuntimeError naming the need for several devices and the mori runtime.
"""

from mori import ir, shmem

__all__ = ["ir", "shmem"]
__version__ = "0.0+flyi-stand-in"


def needs_several_devices(what):
    """The error of everything that needs mori's runtime across devices."""
    return RuntimeError(
        "%s: needs the mori runtime and several GPUs (flyi drives one device and has no mori; mori is a stand-in "
        "here)" % what)
