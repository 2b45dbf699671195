#!/bin/sh
# run_torch.sh - run every tests/lang/torch/*.py with flyi and compare stdout with the stored
# .out file (torch's output for the same program; the programs print nothing that depends on
# the random generator's exact values). A test may also have a .err file: its content must
# equal the last line of stderr, and the exit status must be non-zero.
# Prints one line per failure and ends with "N passed, N failed"; exit 1 on failures.
SRCDIR=${FLYI_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
BUILDDIR=${FLYI_BUILDDIR:-.}
FLYI=${FLYI:-$BUILDDIR/flyi}
DIR=$SRCDIR/tests/lang/torch
pass=0
fail=0
tmp=${TMPDIR:-/tmp}/flyi_torch.$$
mkdir -p "$tmp"
for t in "$DIR"/*.py; do
    name=$(basename "$t" .py)
    exp="$DIR/$name.out"
    [ -f "$exp" ] || continue
    (cd "$DIR" && timeout 60 $FLYI_WRAPPER "$FLYI" "$t" >"$tmp/out" 2>"$tmp/err" </dev/null)
    rc=$?
    ok=1
    if ! cmp -s "$tmp/out" "$exp"; then ok=0; why="stdout differs"; fi
    if [ -f "$DIR/$name.err" ]; then
        last=$(tail -n 1 "$tmp/err")
        want=$(cat "$DIR/$name.err")
        if [ "$last" != "$want" ]; then ok=0; why="stderr last line: got '$last' want '$want'"; fi
        if [ $rc -eq 0 ]; then ok=0; why="exit status 0 for an error program"; fi
    elif [ $rc -ne 0 ]; then
        ok=0; why="exit status $rc: $(tail -n 1 "$tmp/err")"
    fi
    if [ $ok -eq 1 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL $name: $why"; fi
done
rm -rf "$tmp"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
