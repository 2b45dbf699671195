#!/bin/sh
# bench_lang.sh - run each bench/lang/*.py under flyi and python3; print seconds and the
# ratio flyi/python3 per program (python3 column skipped when absent).
SRCDIR=${FLYI_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
BUILDDIR=${FLYI_BUILDDIR:-.}
FLYI=${FLYI:-$BUILDDIR/flyi}
PY=$(command -v python3)
now() { date +%s.%N; }
printf "%-16s %9s %9s %7s\n" program flyi python3 ratio
for t in "$SRCDIR"/bench/lang/*.py; do
    name=$(basename "$t" .py)
    a=$(now); "$FLYI" "$t" >/tmp/bench_flyi.$$ 2>&1; rf=$?; b=$(now)
    tf=$(echo "$b - $a" | bc)
    if [ -n "$PY" ]; then
        a=$(now); "$PY" "$t" >/tmp/bench_py.$$ 2>&1; b=$(now)
        tp=$(echo "$b - $a" | bc)
        ratio=$(echo "scale=2; $tf / $tp" | bc)
        same=""; cmp -s /tmp/bench_flyi.$$ /tmp/bench_py.$$ || same=" (output differs)"
        printf "%-16s %9.3f %9.3f %7s%s\n" "$name" "$tf" "$tp" "$ratio" "$same"
    else
        printf "%-16s %9.3f %9s %7s\n" "$name" "$tf" - -
    fi
    [ $rf -eq 0 ] || echo "  $name failed under flyi: $(tail -n 1 /tmp/bench_flyi.$$)"
done
rm -f /tmp/bench_flyi.$$ /tmp/bench_py.$$
