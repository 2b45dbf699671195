#!/bin/sh
# run.sh BENCH... - run every benchmark (programs from the build tree, scripts from the source
# tree) one after the other; each prints its own table of figures and ratios.
set -u
: "${FLYI_SRCDIR:=.}" "${FLYI_BUILDDIR:=.}"
export FLYI_SRCDIR FLYI_BUILDDIR
status=0
for b in "$@"; do
  echo "== $b"
  if [ -x "$FLYI_BUILDDIR/$b" ] && [ -f "$FLYI_BUILDDIR/$b" ]; then
    "$FLYI_BUILDDIR/$b" || status=1
  else
    sh "$FLYI_SRCDIR/$b" || status=1
  fi
done
exit $status
