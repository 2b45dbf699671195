#!/bin/sh
# run_dsl.sh - the FlyDSL layout tests: run every tests/lang/dsl/*.py with flyi (NO_COLOR, stdout piped)
# and compare stdout with the stored .out file (expected values from ../shared/layout-vectors and
# flydsl-surface.md, written by hand). A test may also have a .err file: its content must equal the last
# line of stderr, and the exit status must be non-zero. A test may write SVG files into $FLYI_DSL_TMP:
# each must be well-formed XML (xmllint when installed).
# Prints one line per failure and ends with "N passed, N failed"; exit 1 on failures.
SRCDIR=${FLYI_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
BUILDDIR=${FLYI_BUILDDIR:-.}
FLYI=${FLYI:-$BUILDDIR/flyi}
DIR=$SRCDIR/tests/lang/dsl
pass=0
fail=0
tmp=${TMPDIR:-/tmp}/flyi_dsl.$$
mkdir -p "$tmp"
for t in "$DIR"/*.py; do
    name=$(basename "$t" .py)
    exp="$DIR/$name.out"
    [ -f "$exp" ] || continue
    rm -rf "$tmp/files"
    mkdir -p "$tmp/files"
    (cd "$DIR" && NO_COLOR=1 FLYI_DSL_TMP="$tmp/files" timeout 60 $FLYI_WRAPPER "$FLYI" "$t" >"$tmp/out" 2>"$tmp/err" </dev/null)
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
    for svg in "$tmp/files"/*.svg; do
        [ -f "$svg" ] || continue
        if command -v xmllint >/dev/null 2>&1; then
            if ! xmllint --noout "$svg" 2>"$tmp/xml"; then ok=0; why="$(basename "$svg") is not well-formed: $(head -n 1 "$tmp/xml")"; fi
        fi
    done
    if [ $ok -eq 1 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL $name: $why"; fi
done
rm -rf "$tmp"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
