#!/bin/sh
# bench_kernels.sh - the kernel library (flyi.kernels) on the emulator beside flyi's torch on the host.
SRCDIR=${FLYI_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
BUILDDIR=${FLYI_BUILDDIR:-.}
exec "${FLYI:-$BUILDDIR/flyi}" "$SRCDIR/bench/bench_kernels.py"
