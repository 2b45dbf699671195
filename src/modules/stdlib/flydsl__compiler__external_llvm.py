"""flydsl.compiler.external_llvm: the device binary made by another LLVM/MLIR install (FLYDSL_COMPILE_LLVM_DIR, a
prefix holding bin/mlir-opt): the module's gpu.module alone goes to that mlir-opt with the binary pass, and the
gpu.binary it prints replaces the gpu.module; host IR stays where it is. The tool's SHA-256 enters the cache key."""
import functools
import hashlib
import os
import subprocess
import tempfile
from pathlib import Path

from flydsl._mlir import ir
from flydsl.utils import env

__all__ = ["ExternalLLVMError", "external_llvm_fingerprint", "run_external_binary_codegen"]


class ExternalLLVMError(RuntimeError):
    """External LLVM code generation could not run or did not give a usable binary."""


def _format_llvm_cli_options(opts):
    """LLVM command-line flags for {name: value}: --name=true/false for bools, --name=value otherwise."""
    return [f"--{k}={('true' if v else 'false') if isinstance(v, bool) else v}" for k, v in opts.items()]


def _prefix(llvm_dir=None):
    raw = (llvm_dir if llvm_dir is not None else env.compile.llvm_dir).strip()
    if not raw:
        raise ExternalLLVMError("External LLVM codegen requires FLYDSL_COMPILE_LLVM_DIR to point at an LLVM/MLIR "
                                "install prefix.")
    return Path(raw).expanduser().resolve()


def _mlir_opt(prefix):
    tool = prefix / "bin" / "mlir-opt"
    if not tool.is_file():
        raise ExternalLLVMError(f"External LLVM tool 'mlir-opt' not found. Tried: {tool}")
    if not os.access(tool, os.X_OK):
        raise ExternalLLVMError(f"External LLVM tool is not executable: {tool}")
    return tool


def _tool_env(prefix):
    """The environment the tool runs in: the prefix's lib/ and bin/ first on LD_LIBRARY_PATH and PATH."""
    e = dict(os.environ)
    for var, sub in (("LD_LIBRARY_PATH", "lib"), ("PATH", "bin")):
        d = prefix / sub
        if d.is_dir():
            e[var] = str(d) + (":" + e[var] if e.get(var) else "")
    return e


def _sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


@functools.lru_cache(maxsize=8)
def external_llvm_fingerprint(llvm_dir=None):
    """"external-binary:<prefix>:<sha256 of its mlir-opt>" (cached; cache_clear() after changing the install)."""
    prefix = _prefix(llvm_dir) if llvm_dir else _prefix()
    return f"external-binary:{prefix}:{_sha256(_mlir_opt(prefix))}"


def _only(module, name):
    ops = [op.operation for op in module.body.operations if op.operation.name == name]
    if len(ops) != 1:
        raise ExternalLLVMError(f"Expected exactly one {name}, found {len(ops)}.")
    return ops[0]


def _sym(op):
    try:
        return ir.StringAttr(op.attributes["sym_name"]).value
    except Exception as e:
        raise ExternalLLVMError(f"{op.name} is missing a string sym_name attribute.") from e


def run_external_binary_codegen(module, binary_fragment, *, llvm_options=None, work_dir=None,
                                stage_prefix="external_binary"):
    """Replaces module's gpu.module with the gpu.binary the external mlir-opt makes of it under binary_fragment
    (a gpu-module-to-binary{...} element), llvm_options as its command-line flags. The files (<stage>_input.mlir,
    <stage>_external_output.mlir, <stage>_output.mlir) go to work_dir, or a temporary directory removed after."""
    prefix = _prefix()
    tool = _mlir_opt(prefix)
    tmp = None
    if work_dir is None:
        tmp = tempfile.TemporaryDirectory(prefix="flydsl_external_llvm_")
        work = Path(tmp.name)
    else:
        work = Path(work_dir)
        work.mkdir(parents=True, exist_ok=True)
    src, made, out = (work / f"{stage_prefix}_{s}.mlir" for s in ("input", "external_output", "output"))
    debug = bool(env.debug.enable_debug_info)
    try:
        # only the device module: host IR another MLIR version may not read stays here
        gpu_module = _only(module, "gpu.module")
        wrapper = ir.Module.create(loc=ir.Location.unknown(module.context))
        wrapper.operation.attributes["gpu.container_module"] = ir.UnitAttr.get(module.context)
        ir.InsertionPoint.at_block_begin(wrapper.body).insert(gpu_module.clone())
        src.write_text(wrapper.operation.get_asm(enable_debug_info=debug), encoding="utf-8")
        pipeline = f"builtin.module({binary_fragment})"
        cmd = [str(tool), str(src), f"--pass-pipeline={pipeline}", "-o", str(made),
               *(_format_llvm_cli_options(llvm_options) if llvm_options else [])]
        try:
            subprocess.run(cmd, check=True, capture_output=True, text=True, timeout=600, env=_tool_env(prefix))
        except subprocess.TimeoutExpired as e:
            raise ExternalLLVMError(f"External LLVM codegen timed out after 600s.\ncommand: {' '.join(cmd)}\n"
                                    f"work_dir: {work}") from e
        except subprocess.CalledProcessError as e:
            raise ExternalLLVMError(f"External LLVM codegen failed.\nllvm_dir: {prefix}\ncommand: {' '.join(cmd)}\n"
                                    f"work_dir: {work}\npipeline: {pipeline}\nstdout:\n{e.stdout}\n"
                                    f"stderr:\n{e.stderr}") from e
        if not made.is_file():
            raise ExternalLLVMError(f"External LLVM did not create output file: {made}")
        binary = _only(ir.Module.parse(made.read_text(encoding="utf-8"), context=module.context), "gpu.binary")
        if _sym(binary) != _sym(gpu_module):
            raise ExternalLLVMError(f"External LLVM produced gpu.binary @{_sym(binary)}, but bundled module contains "
                                    f"gpu.module @{_sym(gpu_module)}.")
        ir.InsertionPoint(gpu_module).insert(binary.clone())
        gpu_module.erase()
        out.write_text(module.operation.get_asm(enable_debug_info=debug), encoding="utf-8")
    finally:
        if tmp is not None:
            tmp.cleanup()
