# flyi: run
# flyi: emu-only (it checks the emulator's ranking, and that the tuning says it timed the emulator)
# flydsl.autotune end to end on a real kernel: the search measures every config (on flyi's emulator it says
# the times are the emulator's) and keeps the fastest (a config that does 256 times the work loses); the key
# has the environment, toolchain, device and compile-hint axes; with artifact_name and
# $FLYDSL_AUTOTUNE_CONFIG_DIR a forced search writes an offline config artifact (its device is the one that
# ran, 'flyi emulator' on the emulator), a later call uses it without searching and without the default, and a
# broken artifact is ignored with a warning (the default is used); an artifact identity that cannot be made
# is an error for a forced search; waves_per_eu / maxnreg reach the call as compile hints.
import contextlib
import glob
import io
import json
import os
import re
import shutil
import tempfile
import flydsl.compiler as flyc
import flydsl.expr as fx
import flydsl.autotune as at
from flydsl.autotune import Autotuner, Config, autotune
from flydsl.compiler.kernel_function import CompilationContext
from flydsl.utils import env
import torch

root = tempfile.mkdtemp()
os.environ["FLYDSL_AUTOTUNE_CACHE_DIR"] = os.path.join(root, "cache")
os.environ.pop("FLYDSL_AUTOTUNE_CONFIG_DIR", None)
os.environ.pop("FLYDSL_AUTOTUNE", None)
on_emu = "emulator" in torch.cuda.get_device_properties(0).name


@flyc.kernel
def scale(A: fx.Tensor, B: fx.Tensor, WORK: fx.Constexpr[int]):
    i = fx.block_idx.x * 64 + fx.thread_idx.x
    acc = A[i]
    for _ in range(WORK):
        acc = acc * 0.5 + 1.0
    B[i] = acc


def launch(A, B, n: int, WORK: int = 1):
    scale(A, B, WORK).launch(grid=(n // 64,), block=(64,))


launch = flyc.jit(launch)


def report(call, *args):
    """Runs call(*args) and prints the tuner's lines with the times masked (they vary)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        r = call(*args)
    for line in out.getvalue().splitlines():
        line = re.sub(r"[0-9]+\.[0-9]{3} ms", "T ms", line)
        if line.startswith("[autotune] tuning") and on_emu:
            print("measured on the emulator:", "timed on flyi's CPU emulator" in line)
            line = line.replace(" (timed on flyi's CPU emulator: the ranking is the emulator's, not a GPU's)", "")
        print(line)
    return r


a = torch.arange(1024, dtype=torch.float32).cuda()
b = torch.zeros(1024, dtype=torch.float32).cuda()
want = a * 0.5 + 1.0

# the search picks by measured time
tuned = autotune(configs=[Config(WORK=256), Config(WORK=1)], key=["n"], warmup=1, rep=5)(launch)
report(tuned, a, b, 1024)
print("result", torch.equal(b, want))
(k, best), = tuned.cache.items()
print("picked", best, "hashable", len({best, Config(WORK=1)}) == 2)

# the key's axes
key = tuned._make_key((a, b, 1024), {})
print([p[2:p.index("'", 2)] for p in key if p.startswith("('_")])
os.environ["FLYDSL_COMPILE_OPT_LEVEL"] = "1"
print("opt level in the key", tuned._make_key((a, b, 1024), {}) != key)
del os.environ["FLYDSL_COMPILE_OPT_LEVEL"]
with CompilationContext.compile_hints({"waves_per_eu": 2}):
    print("compile hints in the key", tuned._make_key((a, b, 1024), {}) != key)
print("same again", tuned._make_key((a, b, 1024), {}) == key)

# the hints of a config reach the call
seen = []


def probe(x, BLOCK):
    seen.append((BLOCK, CompilationContext.get_compile_hints().get("waves_per_eu")))


p = Autotuner(probe, [Config(BLOCK=4, waves_per_eu=2)], ["x"], 0, 1)
report(p, 7)
print("hints seen", seen[-1], "after", CompilationContext.get_compile_hints())

# offline config artifacts
art = os.path.join(root, "artifacts")
os.environ["FLYDSL_AUTOTUNE_CONFIG_DIR"] = art
print("config_dir", env.autotune.config_dir == art)
os.environ["FLYDSL_AUTOTUNE"] = "1"


want2 = want * 0.5 + 1.0  # the heuristic's WORK=2


def heuristic(A, B, n):
    return Config(WORK=2)


def no_search(*args, **kwargs):
    raise AssertionError("searched")


def make(configs):
    return autotune(configs=configs, key=["n"], default=heuristic, artifact_name="scale-v1", warmup=0, rep=1)(launch)


report(make([Config(WORK=1)]), a, b, 1024)
files = glob.glob(os.path.join(art, "*.json"))
print("artifacts", len(files), re.fullmatch(r"scale-v1-[0-9a-f]{64}\.json", os.path.basename(files[0])) is not None)
data = json.load(open(files[0]))
print(sorted(data), data["version"], data["config"], data["identity"]["name"], data["identity"]["key"])
dev = data["identity"]["device"]
print(sorted(dev), dev["name"] == torch.cuda.get_device_properties(0).name, dev["arch"])

del os.environ["FLYDSL_AUTOTUNE"]
os.environ["FLYDSL_AUTOTUNE_CACHE_DIR"] = os.path.join(root, "cache2")  # no searched winners to fall back on
b.zero_()
used = make(no_search)
report(used, a, b, 1024)
print("from the artifact", torch.equal(b, want), "cache", used.cache)

for broken in ('{"version": 2}', "{"):
    with open(files[0], "w") as f:
        f.write(broken)
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        fresh = make(no_search)
        report(fresh, a, b, 1024)
    print("ignored:", err.getvalue().strip().replace(os.path.basename(files[0]), "NAME"))
    print("default used", torch.equal(b, want2), fresh.cache)

# a key that is not a parameter, a call without the key argument under a forced search
try:
    autotune(configs=[Config(WORK=1)], key=["m"], artifact_name="x")(launch)
except ValueError as e:
    print("ValueError:", e)
os.environ["FLYDSL_AUTOTUNE"] = "1"
try:
    Autotuner(probe, [Config(BLOCK=4)], ["x"], 0, 1, artifact_name="probe")()
except ValueError as e:
    print("ValueError:", e)
del os.environ["FLYDSL_AUTOTUNE"]
print("emulator's device in the artifact", ("emulator" in dev["name"]) == on_emu)
shutil.rmtree(root)
