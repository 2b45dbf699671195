# flyi: run
# The emulator's three ways of running kernels that synchronise give the same results: the barrier
# (waves that end before a barrier too), stress and ds_swizzle programs of this folder run as child
# processes with phase loops (the default), with a coroutine per GPU thread (FLYI_EMU_CORO=1) and with a fiber per thread
# (FLYI_EMU_FIBERS=1); their outputs (results, printf order, error messages) must be identical.
import os
import shutil
import tempfile

exe = os.readlink("/proc/self/exe")
here = os.path.dirname(os.path.abspath(__file__))
root = tempfile.mkdtemp()

def run(prog, mode):
    out = root + "/" + prog + "." + mode
    env = {"phases": "", "coro": "FLYI_EMU_CORO=1 ", "fibers": "FLYI_EMU_FIBERS=1 "}[mode]
    rc = os.system("%sFLYDSL_RUNTIME_ENABLE_CACHE=0 '%s' '%s' > '%s' 2>/dev/null" % (env, exe, here + "/" + prog, out))
    with open(out) as f:
        return rc, f.read()

for prog in ("emu_barrier_phases.py", "emu_barrier_exit.py", "emu_phase_stress.py", "rocdl_ds_swizzle.py"):
    rc1, phases = run(prog, "phases")
    rc2, coro = run(prog, "coro")
    rc3, fib = run(prog, "fibers")
    with open(here + "/" + prog[:-3] + ".out") as f:
        expected = f.read()
    print(prog, "exit", rc1, rc2, rc3, "phase loops as expected:", phases == expected, "coroutines the same:",
          coro == phases, "fibers the same:", fib == phases)
shutil.rmtree(root)
