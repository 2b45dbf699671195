#!/bin/sh
# bench_jupyter.sh - flyi-kernel against Debian's ipykernel, side by side, through jupyter_client:
# kernel start to kernel_info_reply (median of 5 starts) and the `1+1` execute round trip (reply +
# idle, median of 200), with the ratio flyi/ipykernel. The ipykernel column is skipped when
# ipykernel is missing; the whole bench is skipped without Debian's jupyter_client.
SRCDIR=${FLYI_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
BUILDDIR=${FLYI_BUILDDIR:-.}
KERNEL=${FLYI_KERNEL:-$BUILDDIR/flyi-kernel}
PY=${FLYI_JUPYTER_PYTHON:-/usr/bin/python3}
if [ ! -x "$PY" ] || ! "$PY" -c 'import jupyter_client, zmq' 2>/dev/null; then
  echo "bench_jupyter: skipped ($PY has no jupyter_client)"
  exit 0
fi
if [ ! -x "$KERNEL" ]; then
  echo "bench_jupyter: flyi-kernel not built: $KERNEL" >&2
  exit 1
fi
exec timeout -k 5 300 "$PY" "$SRCDIR/bench/bench_jupyter.py" "$KERNEL"
