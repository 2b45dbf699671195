"""mori.ir.flydsl (flyi stand-in): mori's shmem device functions for @flyc.kernel code. On flyi's one device
my_pe() is 0 and n_pes() is 1 (Int32 values, as mori's return); every other device function (puts, gets,
waits on another PE's signals, fences, atomics: mori links them from libmori_shmem_device.bc) raises
RuntimeError naming the need for the mori runtime and several GPUs when a kernel calls it."""

import mori as _mori

SIGNAL_SET = 9
SIGNAL_ADD = 10


def my_pe():
    import flydsl.expr as fx

    return fx.Int32(0)


def n_pes():
    import flydsl.expr as fx

    return fx.Int32(1)


def get_bitcode_path(*args, **kwargs):
    raise _mori.needs_several_devices("mori.ir.flydsl.get_bitcode_path (libmori_shmem_device.bc)")


def install_hook(*args, **kwargs):
    """mori links its device bitcode into FlyDSL's compiles through this hook; flyi has none to install."""
    return None


class _DeviceFunction:
    def __init__(self, name):
        self.__name__ = name

    def __call__(self, *args, **kwargs):
        raise _mori.needs_several_devices("mori.ir.flydsl.%s (a mori shmem device function)" % self.__name__)

    def __repr__(self):
        return "<mori device function %s (flyi stand-in)>" % self.__name__


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError("module 'mori.ir.flydsl' has no attribute '%s'" % name)
    return _DeviceFunction(name)
