"""flydsl.utils.smem_allocator: the LDS capacity of each target and its check (flyi allocates LDS with
fx.SharedAllocator / SmemAllocator of flydsl.expr; the MLIR-level SmemAllocator is not provided)."""
from flydsl.runtime.device import SMEM_CAPACITY_MAP

__all__ = ["SMEM_CAPACITY_MAP", "check_smem_capacity", "SmemAllocator", "SmemPtr", "get_op_result_or_value"]


def check_smem_capacity(allocated_bytes, arch=None):
    """Raises RuntimeError when allocated_bytes exceeds arch's LDS; an unknown or missing arch passes."""
    if arch is None or arch not in SMEM_CAPACITY_MAP:
        return
    limit = SMEM_CAPACITY_MAP[arch]
    if allocated_bytes > limit:
        raise RuntimeError(f"Shared Memory Overflow: Requested {allocated_bytes} bytes, "
                           f"but device {arch} limit is {limit} bytes.")


def get_op_result_or_value(op_or_val):
    """The raw ir.Value of a DSL value (its ir_value()), a wrapper with .value, an op (its result, or its
    first result); an ir.Value, or anything else, as it is."""
    from flydsl._mlir import ir

    if not isinstance(op_or_val, ir.Value) and hasattr(op_or_val, "ir_value"):
        return op_or_val.ir_value()
    if hasattr(op_or_val, "value"):
        return op_or_val.value
    if isinstance(op_or_val, ir.Value):
        return op_or_val
    if hasattr(op_or_val, "result"):
        return op_or_val.result
    if hasattr(op_or_val, "results"):
        return op_or_val.results[0]
    return op_or_val


class SmemAllocator:
    """FlyDSL's MLIR-level LDS allocator (memref.global in the gpu.module): not provided by flyi."""

    def __init__(self, *args, **kwargs):
        raise NotImplementedError("flydsl.utils.smem_allocator.SmemAllocator is not supported by flyi: "
                                  "allocate LDS with fx.SharedAllocator")


class SmemPtr:
    """A typed pointer into SmemAllocator's LDS: not provided by flyi (see SmemAllocator)."""

    def __init__(self, *args, **kwargs):
        raise NotImplementedError("flydsl.utils.smem_allocator.SmemPtr is not supported by flyi: "
                                  "allocate LDS with fx.SharedAllocator")
