#!/bin/sh
# run_kernels.sh - FlyDSL-style kernel programs: run every tests/lang/kernels/*.py with flyi and compare
# stdout with the stored .out file. Programs whose first line is "# flyi: run" launch their kernels on
# the CPU emulator; the others run with COMPILE_ONLY=1 (traced, compiled, stages inspected).
# A program with a .fc file instead has its stdout checked by FileCheck ($FILECHECK) against it (golden IR);
# without FileCheck those are skipped.
# Prints one line per failure and ends with "N passed, N failed"; exit 1 on failures.
SRCDIR=${FLYI_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
BUILDDIR=${FLYI_BUILDDIR:-.}
FLYI=${FLYI:-$BUILDDIR/flyi}
DIR=$SRCDIR/tests/lang/kernels
pass=0
fail=0
tmp=${TMPDIR:-/tmp}/flyi_kernels.$$
mkdir -p "$tmp"
for t in "$DIR"/*.py; do
    name=$(basename "$t" .py)
    exp="$DIR/$name.out"
    fc="$DIR/$name.fc"
    [ -f "$exp" ] || [ -f "$fc" ] || continue
    [ -f "$exp" ] || [ -n "$FILECHECK" ] || continue
    co=1
    head -n 1 "$t" | grep -q '^# flyi: run' && co=0
    (cd "$DIR" && NO_COLOR=1 COMPILE_ONLY=$co FLYI_BACKEND=emu timeout 120 $FLYI_WRAPPER "$FLYI" "$t" >"$tmp/out" 2>"$tmp/err" </dev/null)
    rc=$?
    if [ $rc -ne 0 ]; then
        fail=$((fail + 1)); echo "FAIL $name: exit status $rc: $(tail -n 1 "$tmp/err")"
    elif [ ! -f "$exp" ]; then
        if "$FILECHECK" --input-file="$tmp/out" "$fc" >"$tmp/fc" 2>&1; then pass=$((pass + 1))
        else fail=$((fail + 1)); echo "FAIL $name: FileCheck: $(head -n 1 "$tmp/fc")"; fi
    elif ! cmp -s "$tmp/out" "$exp"; then
        fail=$((fail + 1)); echo "FAIL $name: stdout differs"
    else
        pass=$((pass + 1))
    fi
done
rm -rf "$tmp"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
