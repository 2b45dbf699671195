"""flydsl._mlir._mlir_libs._mlirDialectsFly: LLVM's cl::opt options set while the process runs, in the compiler
core (set_llvm_option_bool / _int / _str(name, value) return the option's previous value; RuntimeError for an
unknown option or one of another type)."""

import _flyi_mlir


def set_llvm_option_bool(name, value):
    return _flyi_mlir.llvm_option(name, 0, "true" if value else "false") == "true"


def set_llvm_option_int(name, value):
    return int(_flyi_mlir.llvm_option(name, 1, str(int(value))))


def set_llvm_option_str(name, value):
    return _flyi_mlir.llvm_option(name, 2, str(value))
