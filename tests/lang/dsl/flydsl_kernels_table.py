# The logic of scripts/flydsl-kernels-table.py on a made-up checkout (no FlyDSL needed): module discovery,
# builder discovery (helpers and other-target modules apart), launch arguments built from their specs, the
# failure text of a cell, the table of a checkout whose modules fail to import or have no example
# arguments (no compile is spawned for those), builders returning several launchers (pick=) or a plain launcher
# with its own .compile, and the E2M1 rounding of the MX-quantization reference.
import os
import sys
import tempfile

here = os.path.dirname(os.path.abspath(__file__))
script = os.path.join(here, "..", "..", "..", "scripts", "flydsl-kernels-table.py")
ns = {"__name__": "kernels_table", "__file__": script}
exec(compile(open(script).read(), script, "exec"), ns)

root = tempfile.mkdtemp()
files = {
    "kernels/__init__.py": "",
    "kernels/norm/__init__.py": "",
    "kernels/norm/my_kernel.py": "def build_my_module(n):\n    return n\n\ndef _private():\n    pass\n\n"
                                 "from os.path import join as build_imported\n",
    "kernels/norm/broken.py": "import no_such_module_here\n",
    "kernels/common/__init__.py": "",
    "kernels/common/helpers.py": "def create_thing():\n    pass\n",
    "kernels/gemm/__init__.py": "",
    "kernels/gemm/rdna3_f16_gemm.py": "def create_wmma_gemm_module():\n    pass\n",
    "kernels/gemm/tiny.py": (
        "import flydsl.compiler as flyc\nimport flydsl.expr as fx\n\n"
        "@flyc.kernel\ndef fill(out: fx.Tensor):\n    out[fx.thread_idx.x] = fx.Float32(2.0)\n\n"
        "@flyc.jit\ndef launch(out: fx.Tensor):\n    fill(out).launch(grid=1, block=64)\n\n"
        "def build_pair():\n    return {'kernel': fill, 'launch': launch}\n\n"
        "def build_own():\n    def run(out):\n        return launch(out)\n"
        "    run.compile = lambda out: flyc.compile(launch, out)\n    return run\n"),
}
for rel, text in files.items():
    os.makedirs(os.path.dirname(os.path.join(root, rel)), exist_ok=True)
    with open(os.path.join(root, rel), "w") as f:
        f.write(text)

print(ns["list_modules"](root))
sys.path.insert(0, root)
import kernels.norm.my_kernel as mk
import kernels.common.helpers as hp

print(ns["builders_of"](mk), ns["builders_of"](hp))

import torch
import flydsl.compiler as flyc
import flydsl.expr as fx

T, P = ns["T"], ns["P"]
args, tensors = ns["make_args"]([T((2, 3)), P((4,), "f16", "zeros"), 7, ns["STREAM"], T((3,), "i32", "arange"),
                                 P((2,), "f16", "empty", ptr="u8")], torch, flyc, fx)
print(len(args), sorted(tensors), tensors[0].shape, tensors[0].dtype, tensors[1].dtype, tensors[1].tolist())
print(type(args[1]).__name__ == type(args[5]).__name__, args[2], tensors[4].tolist())
print(ns["first_line"](ValueError("bad shape\nmore")), ns["first_line"](KeyError()))
print(ns["cell_text"]("a|b\nc"))
spec = ns["Spec"]("kernels.x", "build_y", (1,), {}, [], note="f16")
print(spec.key(), spec.archs)

table = ns["table"](root, emu=False)
print(table.replace(root, "ROOT"))

sys.modules.pop("kernels.gemm", None)
Spec = ns["Spec"]
for sp in (Spec("kernels.gemm.tiny", "build_pair", (), {}, [T((64,), fill="zeros")], pick="launch"),
           Spec("kernels.gemm.tiny", "build_own", (), {}, [T((64,), fill="zeros")])):
    cell = ns["run_one"](sp, "gfx942", False)["cell"]
    print(sp.builder, cell.count("/") == 2 and cell.split("/")[0].isdigit())
print([ns["fp4_code"](v) for v in (0.0, 0.25, 0.3, 0.75, 1.25, 1.75, 2.5, 5.0, 7.0, -0.5, -100.0)])
