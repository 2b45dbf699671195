"""Garbage collector interface (flyi): the cycle collector runs by itself; collect() runs it now."""

import sys as _sys

_enabled = True


def collect(generation=2):
    """Run the cycle collector; returns the number of unreachable objects found."""
    return _sys._gc_collect()


def enable():
    global _enabled
    _enabled = True


def disable():
    global _enabled
    _enabled = False


def isenabled():
    return _enabled
