#!/bin/sh
# bench_torch.sh - flyi's torch host ops beside numpy doing the same, in one run (bench_torch.py).
SRCDIR=${FLYI_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
BUILDDIR=${FLYI_BUILDDIR:-.}
exec "${FLYI:-$BUILDDIR/flyi}" "$SRCDIR/bench/bench_torch.py"
