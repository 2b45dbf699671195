"""flydsl._mlir._mlir_libs._mlirDialectsLLVM: translate_module_to_llvmir(op), the LLVM IR of a gpu.module (or of
a module holding one) as the compiler core's translation makes it for the module's ROCDL target (its
#rocdl.target chip; gfx942 when it has none)."""
import re

import _flyi_mlir


def translate_module_to_llvmir(op):
    """The LLVM IR text of op's device module, before LLVM's optimiser; RuntimeError where it does not translate."""
    text = op.get_asm() if hasattr(op, "get_asm") else str(op)
    if text.lstrip().startswith("gpu.module"):
        text = "module attributes {gpu.container_module} {\n" + text + "\n}\n"
    chip = re.search(r'#rocdl\.target<[^>]*chip = "(gfx\w+)"', text)
    return _flyi_mlir.translate_llvm(text, chip.group(1) if chip else "gfx942")
