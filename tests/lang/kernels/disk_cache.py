# flyi: run
# The disk compile cache: this program runs itself as a child flyi process with FLYI_CACHE_DIR set to a
# fresh folder. The first child traces and compiles (and writes the cache file); the second finds the
# kernel on disk -- flyc.cache_info() counts a disk hit, not a miss -- and prints exactly the same
# (the trace-time print is replayed, the kernel launches on the emulator, stages, IR, ISA and stats are
# there). A corrupted or truncated cache file is a miss that compiles again and rewrites the file;
# FLYDSL_RUNTIME_ENABLE_CACHE=0 turns the disk cache off.
import os
import sys

def child():
    import flydsl.compiler as flyc
    import flydsl.expr as fx
    import torch

    N = 8

    @flyc.kernel
    def scale_add(a: fx.Tensor, k: fx.Constexpr[int]):
        print("tracing scale_add with k =", k)
        i = fx.thread_idx.x
        a[i] = a[i] * k + N

    @flyc.jit
    def run(a, k):
        scale_add(a, k).launch(grid=1, block=N)

    x = torch.ones(N, device="cuda")
    run(x, 3)
    run(x, 3)
    print(x.tolist())
    ck = flyc.last_compiled()
    print(ck.name, len(ck.stages), [s.label for s in ck.stages][:2], ck.stages[-1].label)
    print("fly ops in origin:", "fly.memref.load" in ck.ir(0), "isa:", "s_endpgm" in ck.isa,
          "llvm:", "define" in ck.llvm_ir, "stats:", ck.stats["vgpr"] > 0, ck.stats["wave_size"])
    print(flyc.cache_info())

if len(sys.argv) > 1 and sys.argv[1] == "child":
    child()
    sys.exit(0)

import shutil
import tempfile

exe = os.readlink("/proc/self/exe")
me = os.path.abspath(__file__ if "__file__" in globals() else sys.argv[0])
root = tempfile.mkdtemp()
cache = root + "/cache"

def run_child(tag, enable="1"):
    out = root + "/" + tag
    rc = os.system("FLYI_CACHE_DIR='%s' FLYDSL_RUNTIME_ENABLE_CACHE=%s '%s' '%s' child > '%s' 2>/dev/null"
                   % (cache, enable, exe, me, out))
    with open(out) as f:
        lines = f.read().splitlines()
    return rc, lines

rc1, first = run_child("first")
files = sorted(os.listdir(cache))
print("first run:", rc1, "cache files:", len(files), files[0].endswith(".fkc"))
for l in first:
    print("  " + l)
rc2, second = run_child("second")
print("second run:", rc2, "same output:", second[:-1] == first[:-1])
print("  " + second[-1])

path = cache + "/" + files[0]
size = os.path.getsize(path)
with open(path, "r+b") as f:
    f.seek(size // 2)
    f.write(b"\x00garbage\xff")
rc3, third = run_child("corrupt")
print("corrupted file:", rc3, "same output:", third[:-1] == first[:-1])
print("  " + third[-1])
rc4, fourth = run_child("rewritten")
print("rewritten file:", fourth[-1])
with open(path, "rb") as f:
    data = f.read()
with open(path, "wb") as f:
    f.write(data[: len(data) // 3])
rc5, fifth = run_child("truncated")
print("truncated file:", rc5, fifth[-1])
rc6, sixth = run_child("off", enable="0")
print("cache off:", rc6, sixth[-1], sixth[:-1] == first[:-1])
shutil.rmtree(root)
