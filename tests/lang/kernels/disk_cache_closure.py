# flyi: run
# The disk compile cache keys a helper the kernel calls by what it closes over, not only by its code: a
# kernel that calls a lambda made in a loop (the same code, a different captured width or op each time) is
# a different kernel per lambda. The program runs itself twice as a child with one FLYI_CACHE_DIR; the
# second child reads every kernel from disk and must print the same sums as the first (before the fix, the
# second child got the first lambda's kernel back for every width).
import os
import sys

def child():
    import flydsl.compiler as flyc
    import flydsl.expr as fx
    import torch

    def run_with(call, n):
        @flyc.kernel
        def k(a: fx.Tensor, out: fx.Tensor):
            i = fx.thread_idx.x
            out[i] = call(a[i])

        @flyc.jit
        def go(a: fx.Tensor, out: fx.Tensor):
            k(a, out).launch(grid=1, block=n)

        a = torch.arange(n, dtype=torch.int32, device="cuda")
        out = torch.zeros_like(a)
        go(a, out)
        return out.tolist()

    def scale(factor, offset=0):
        return lambda v: v * factor + offset

    for width in (2, 4, 8):
        print("width", width, run_with(lambda v: fx.coop.warp_reduce(v, fx.ReductionOp.ADD, width=width), 8))
    for factor in (3, 5):
        print("factor", factor, run_with(scale(factor), 4))

    def with_default(v, d=7):
        return v + d
    print("default", run_with(with_default, 4))
    info = flyc.cache_info()
    print("disk hits", info.get("disk_hits", 0) if isinstance(info, dict) else info)

if len(sys.argv) > 1 and sys.argv[1] == "child":
    child()
    sys.exit(0)

import tempfile

exe = os.readlink("/proc/self/exe")
me = os.path.abspath(__file__ if "__file__" in globals() else sys.argv[0])
root = tempfile.mkdtemp()

def run_child(tag):
    out = root + "/" + tag
    rc = os.system("FLYI_CACHE_DIR='%s/cache' '%s' '%s' child > '%s' 2>/dev/null" % (root, exe, me, out))
    with open(out) as f:
        return rc, f.read().splitlines()

rc1, first = run_child("first")
rc2, second = run_child("second")
print("exit codes:", rc1, rc2)
for line in first:
    print("first: ", line)
for line in second:
    print("second:", line)
print("same sums:", first[:-1] == second[:-1])
