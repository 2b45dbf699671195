"""mori.ir (flyi stand-in): the framework bindings of mori's device functions (mori.ir.flydsl)."""

from mori.ir import flydsl

__all__ = ["flydsl"]
