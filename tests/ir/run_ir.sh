#!/bin/sh
# run_ir.sh - a tiny lit: runs every "// RUN:" line of tests/ir/*.mlir with sh and counts.
#
# Substitutions: %s (the test file), %t (a temporary path per RUN line), flyi-opt (the build's),
# FileCheck ($FILECHECK, LLVM 22's), llvm-readelf and not (beside FileCheck). Ends with one line
# "N passed, N failed"; exits 1 when anything failed.
set -u
here=$(cd "$(dirname "$0")" && pwd)
: "${FLYI_SRCDIR:=$(cd "$here/../.." && pwd)}"
: "${FLYI_BUILDDIR:=$FLYI_SRCDIR/build}"
FILECHECK=${FILECHECK:-/usr/lib/llvm-22/bin/FileCheck}
bindir=$(dirname "$FILECHECK")
opt="$FLYI_BUILDDIR/flyi-opt"
[ -n "${FLYI_CORE:-}" ] || export FLYI_CORE="$FLYI_BUILDDIR/lib/.libs/flycore.so"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/flyi-ir.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
pass=0
fail=0
for f in "$FLYI_SRCDIR"/tests/ir/*.mlir; do
  name=$(basename "$f" .mlir)
  grep -E '^// RUN: ' "$f" | sed 's|^// RUN: ||' > "$tmp/runs"
  n=0
  while IFS= read -r line; do
    n=$((n + 1))
    cmd=$(printf '%s\n' "$line" | sed -e "s|%s|$f|g" -e "s|%t|$tmp/$name.$n|g" \
      -e "s|flyi-opt|$opt|g" -e "s|FileCheck|$FILECHECK|g" -e "s|llvm-readelf|$bindir/llvm-readelf|g" \
      -e "s|^not |$bindir/not |" -e "s@| not @| $bindir/not @g")
    if sh -c "$cmd" > "$tmp/out" 2>&1 < /dev/null; then
      pass=$((pass + 1))
    else
      fail=$((fail + 1))
      echo "FAIL $name.mlir RUN $n: $line"
      head -n 40 "$tmp/out" | sed 's/^/    /'
    fi
  done < "$tmp/runs"
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
