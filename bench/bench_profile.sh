#!/bin/sh
# bench_profile.sh - the emulator profiler's cost (flyc.profile) against plain launches.
SRCDIR=${FLYI_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
BUILDDIR=${FLYI_BUILDDIR:-.}
exec "${FLYI:-$BUILDDIR/flyi}" "$SRCDIR/bench/bench_profile.py"
