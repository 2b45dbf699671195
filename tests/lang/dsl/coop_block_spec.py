# flydsl.extension.coop.block._spec.BlockAlgorithmMeta, the specialization block collectives share: the default
# policy is asked of _default_algorithm_for(target) (with the target being compiled for) only when the caller names
# none, a metaclass without the hook is refused, a policy without storage is refused by name, the cache keeps
# distinct policies apart and hands back the same class for the same parameters; fx.coop's BlockReduce / BlockScan
# answer WARP_REDUCTIONS / WARP_SCANS on wave64 and wave32 targets. Also flydsl.utils.file.atomic_write.
import enum
import os
import tempfile

import flydsl.expr as fx
from flydsl.compiler.backends import GPUTarget, current_target
from flydsl.extension.coop.block._spec import BlockAlgorithmMeta
from flydsl.utils.file import atomic_write


class P(enum.Enum):
    A = "a"
    B = "b"
    C = "c"


def store(dtype, n, lanes):
    return fx.Struct["slots": fx.Array[dtype, n // lanes]]


seen = []


class ByWaveMeta(BlockAlgorithmMeta):
    _algorithms = P
    _shared_storage = {P.A: store, P.B: store}

    def _default_algorithm_for(cls, target):
        seen.append(target.arch)
        return P.B if target.warp_size == 32 else P.A


class ByWave(metaclass=ByWaveMeta):
    block_threads = None


class SilentMeta(BlockAlgorithmMeta):
    _algorithms = P
    _shared_storage = {P.A: store}


class Silent(metaclass=SilentMeta):
    block_threads = None


s = ByWave[fx.Float32, (32, 2, 1)]
print(s.__name__, s.algorithm, s.block_size, s.block_threads, s.warp_threads, s.num_warps, seen == [current_target().arch])
print("named bypasses the hook:", ByWave[fx.Float32, 64, P.B].algorithm, len(seen) == 1)
print("same class again:", ByWave[fx.Float32, (32, 2, 1)] is s, "distinct policies:", ByWave[fx.Float32, 64, P.B] is not s)
print("narrow block narrows the warp:", ByWave[fx.Int32, 16].warp_threads)
print("per target:", ByWaveMeta._default_algorithm_for(ByWave, GPUTarget(backend="rocm", arch="gfx1201", warp_size=32)))
for bad in (lambda: Silent[fx.Float32, 64], lambda: ByWave[fx.Float32, 64, P.C], lambda: ByWave[fx.Float32, 48],
            lambda: ByWave[fx.Float32, 64, "A"], lambda: s[fx.Float32, 64]):
    try:
        bad()
    except (NotImplementedError, TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)
for t in (GPUTarget(backend="rocm", arch="gfx942", warp_size=64), GPUTarget(backend="rocm", arch="gfx1201", warp_size=32)):
    print(t.arch, type(fx.coop.BlockReduce)._default_algorithm_for(fx.coop.BlockReduce, t),
          type(fx.coop.BlockScan)._default_algorithm_for(fx.coop.BlockScan, t))

d = tempfile.mkdtemp()
p = os.path.join(d, "art.json")
with open(p, "w") as f:
    f.write("old")
with atomic_write(p, mode="w", encoding="utf-8") as f:
    f.write("new")
    print("inside, destination still", open(p).read())
print("after", open(p).read(), os.listdir(d))
try:
    with atomic_write(p, mode="wb") as f:
        f.write(b"partial")
        raise RuntimeError("serialize failed")
except RuntimeError as e:
    print("failed write:", e, open(p).read(), os.listdir(d))
