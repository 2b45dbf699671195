#!/bin/sh
# run_jupyter.sh - the Jupyter kernel's protocol and notebook tests (tests/jupyter).
# Runs test_protocol.py with Debian's /usr/bin/python3 (jupyter_client 7.4.9, nbclient); pyenv's
# python3 on PATH lacks those packages. Ends with "N passed, N failed[, N skipped]".
: "${FLYI_SRCDIR:=.}" "${FLYI_BUILDDIR:=.}"
kernel=${FLYI_KERNEL:-$FLYI_BUILDDIR/flyi-kernel}
py=${FLYI_JUPYTER_PYTHON:-/usr/bin/python3}
if [ ! -x "$py" ] || ! "$py" -c 'import jupyter_client, zmq' 2>/dev/null; then
  echo "SKIP $py has no jupyter_client"
  echo "0 passed, 0 failed, 1 skipped"
  exit 0
fi
if [ ! -x "$kernel" ]; then
  echo "FAIL flyi-kernel not built: $kernel"
  echo "0 passed, 1 failed"
  exit 1
fi
# a kernel that hangs must not hang `make check`
exec timeout -k 5 120 "$py" "$FLYI_SRCDIR/tests/jupyter/test_protocol.py" "$kernel"
