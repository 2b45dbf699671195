"""flydsl.compiler.llvm_options - LLVM command-line options (cl::opt) set for the length of a `with` block.

llvm_options({"enable-post-misched": False, ...}) sets each option through the compiler core
(flydsl._mlir._mlir_libs._mlirDialectsFly.set_llvm_option_bool / _int / _str, which return the old value) and
puts the old values back on exit, last set first restored. A compile hint "llvm_options" of a jit function
applies them around the compiles of the kernels it launches."""

import contextlib


def _fly():
    from flydsl._mlir._mlir_libs import _mlirDialectsFly

    return _mlirDialectsFly


@contextlib.contextmanager
def llvm_options(opts):
    fly = _fly()
    saved = []
    try:
        for name, value in opts.items():
            if isinstance(value, bool):
                kind = "bool"
            elif isinstance(value, int):
                kind = "int"
            elif isinstance(value, str):
                kind = "str"
            else:
                raise TypeError(f"Unsupported type {type(value).__name__} for LLVM option '{name}'; "
                                "use bool, int, or str")
            old = getattr(fly, "set_llvm_option_" + kind)(name, value)
            saved.append((kind, name, old))
        yield
    finally:
        for kind, name, old in reversed(saved):
            getattr(fly, "set_llvm_option_" + kind)(name, old)
