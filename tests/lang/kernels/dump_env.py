# FlyDSL's dump switches, read when a kernel compiles: FLYDSL_DUMP_IR=1 writes every stage to
# $FLYDSL_DUMP_DIR/<kernel name>/ (default ~/.flydsl/debug) numbered from 00 without gaps -- 00_origin.mlir,
# one NN_<pass>.mlir per pass, NN_llvm_ir.ll, NN_final_isa.s last; FLYDSL_DEBUG_PRINT_AFTER_ALL=1 prints
# each stage to stderr under a header naming it.
import io
import os
import sys
import tempfile
import flydsl.compiler as flyc
import flydsl.expr as fx

root = tempfile.mkdtemp()
os.environ["FLYDSL_DUMP_IR"] = "1"
os.environ["FLYDSL_DUMP_DIR"] = root + "/dumps"

@flyc.kernel
def dump_me(a: fx.Tensor, x: fx.Int32):
    i = fx.thread_idx.x
    a[i] = a[i] + x
    fx.printf("x + 1 = {}", x + 1)

@flyc.jit
def run(a, x):
    dump_me(a, x).launch(grid=1, block=4)

import torch
k = flyc.compile(run, torch.zeros(4, device="cuda"), fx.Int32(3))
print(os.listdir(root + "/dumps"))
d = root + "/dumps/dump_me"
files = sorted(os.listdir(d))
for f in files:
    print(f)
print("numbered without gaps:", [int(f[:2]) for f in files] == list(range(len(files))))
print("one file per stage:", len(files) == len(k.stages))

def text(f):
    with open(d + "/" + f) as h:
        return h.read()

origin = text(files[0])
print("origin:", "gpu.func @dump_me" in origin, "fly.memref.load" in origin, "fly.print" in origin)
print("origin is .ir(0):", origin == k.ir(0))
print("lowered:", "fly.memref" not in text(files[-4]), "llvm.func" in text(files[-4]), "gpu.binary" in text(files[-3]))
print("llvm ir:", files[-2].endswith("_llvm_ir.ll"), "define" in text(files[-2]))
print("isa:", files[-1].endswith("_final_isa.s"), "s_endpgm" in text(files[-1]), text(files[-1]) == k.isa)

# the default folder, ~/.flydsl/debug
os.environ["HOME"] = root + "/home"
del os.environ["FLYDSL_DUMP_DIR"]

@flyc.kernel
def dump_default(x: fx.Int32):
    fx.printf("{}", x)

@flyc.jit
def run2(x):
    dump_default(x).launch(grid=1, block=1)

flyc.compile(run2, fx.Int32(1))
print(sorted(os.listdir(root + "/home/.flydsl/debug")), len(os.listdir(root + "/home/.flydsl/debug/dump_default")))

# print-after-all to stderr, no files
os.environ["FLYDSL_DUMP_IR"] = "0"
os.environ["FLYDSL_DEBUG_PRINT_AFTER_ALL"] = "1"

@flyc.kernel
def printed(x: fx.Int32):
    fx.printf("{}", x * 2)

@flyc.jit
def run3(x):
    printed(x).launch(grid=1, block=1)

saved = sys.stderr
sys.stderr = io.StringIO()
k3 = flyc.compile(run3, fx.Int32(1))
err = sys.stderr.getvalue()
sys.stderr = saved
heads = [l for l in err.splitlines() if l.startswith("// -----// IR Dump")]
print(len(heads) == len(k3.stages), heads[0])
print(heads[3])
print(heads[-1])
print("no files:", sorted(os.listdir(root + "/home/.flydsl/debug")))
print("stage text follows its header:", err.split(heads[0] + "\n")[1].startswith(k3.ir(0)))

import shutil
shutil.rmtree(root)
print("cleaned:", not os.path.exists(root))
