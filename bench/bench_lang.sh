#!/bin/sh
# bench_lang.sh - the language against CPython, side by side: each bench/lang/*.py under flyi
# and python3 (best of 3 runs each), the ratio flyi/python3 per program, then start-up time
# (`-c pass`, best of 20). The python3 columns are skipped when python3 is absent.
SRCDIR=${FLYI_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
BUILDDIR=${FLYI_BUILDDIR:-.}
FLYI=${FLYI:-$BUILDDIR/flyi}
PY=$(command -v python3)
# resolve version-manager shims to the real interpreter, so start-up compares like with like
[ -n "$PY" ] && PY=$("$PY" -c "import sys; print(sys.executable)" 2>/dev/null || echo "$PY")
tmp=${TMPDIR:-/tmp}/bench_lang.$$

now() { date +%s%N; }
# best_of N CMD... : the fastest wall time of N runs in seconds; output of the last run in $tmp.out
best_of() {
  n=$1; shift; best=""
  i=0
  while [ $i -lt "$n" ]; do
    a=$(now); "$@" >"$tmp.out" 2>&1; b=$(now)
    t=$((b - a))
    if [ -z "$best" ] || [ $t -lt $best ]; then best=$t; fi
    i=$((i + 1))
  done
  awk -v ns="$best" 'BEGIN { printf "%.4f", ns / 1e9 }'
}

printf "%-16s %9s %9s %7s\n" program flyi_s python3_s ratio
for t in "$SRCDIR"/bench/lang/*.py; do
  name=$(basename "$t" .py)
  tf=$(best_of 3 "$FLYI" "$t"); cp "$tmp.out" "$tmp.flyi"
  if [ -n "$PY" ]; then
    tp=$(best_of 3 "$PY" "$t")
    same=""; cmp -s "$tmp.flyi" "$tmp.out" || same="  (output differs)"
    printf "%-16s %9s %9s %7s%s\n" "$name" "$tf" "$tp" "$(awk -v a="$tf" -v b="$tp" 'BEGIN { printf "%.2f", a / b }')" "$same"
  else
    printf "%-16s %9s %9s %7s\n" "$name" "$tf" - -
  fi
done
tf=$(best_of 20 "$FLYI" -c pass)
if [ -n "$PY" ]; then
  tp=$(best_of 20 "$PY" -c pass)
  printf "%-16s %9s %9s %7s\n" "start-up" "$tf" "$tp" "$(awk -v a="$tf" -v b="$tp" 'BEGIN { printf "%.2f", a / b }')"
else
  printf "%-16s %9s %9s %7s\n" "start-up" "$tf" - -
fi
rm -f "$tmp.out" "$tmp.flyi"
