#!/bin/sh
# bench_lang.sh - the language against CPython, side by side: each bench/lang/*.py under flyi
# and python3, interleaved (flyi, python3, flyi, ...) so that both see the same machine load,
# best of $BENCH_REPS runs each (default 5); the ratio flyi/python3 per program, then start-up
# time (`-c pass`, best of 20) and the load average before and after. The python3 columns are
# skipped when python3 is absent. FLYI_BASE=PATH adds another flyi build (the one before a
# change) to the same interleaving, with its own ratio to python3.
SRCDIR=${FLYI_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
BUILDDIR=${FLYI_BUILDDIR:-.}
FLYI=${FLYI:-$BUILDDIR/flyi}
REPS=${BENCH_REPS:-5}
BASE=${FLYI_BASE:-}
PY=$(command -v python3)
# resolve version-manager shims to the real interpreter, so start-up compares like with like
[ -n "$PY" ] && PY=$("$PY" -c "import sys; print(sys.executable)" 2>/dev/null || echo "$PY")
tmp=${TMPDIR:-/tmp}/bench_lang.$$

now() { date +%s%N; }
# run_once OUT CMD... : wall time of one run in ns; its output in OUT
run_once() {
  o=$1; shift
  a=$(now); "$@" >"$o" 2>&1; b=$(now)
  echo $((b - a))
}
secs() { awk -v ns="$1" 'BEGIN { printf "%.4f", ns / 1e9 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
# compare N CMD_ARGS... : best of N for flyi, python3 (and $BASE), interleaved; sets $bf, $bp, $bb (ns)
compare() {
  n=$1; shift
  bf="" bp="" bb="" i=0
  while [ $i -lt "$n" ]; do
    t=$(run_once "$tmp.flyi" "$FLYI" "$@")
    if [ -z "$bf" ] || [ "$t" -lt "$bf" ]; then bf=$t; fi
    if [ -n "$BASE" ]; then
      t=$(run_once "$tmp.base" "$BASE" "$@")
      if [ -z "$bb" ] || [ "$t" -lt "$bb" ]; then bb=$t; fi
    fi
    if [ -n "$PY" ]; then
      t=$(run_once "$tmp.py" "$PY" "$@")
      if [ -z "$bp" ] || [ "$t" -lt "$bp" ]; then bp=$t; fi
    fi
    i=$((i + 1))
  done
}

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
if [ -n "$BASE" ]; then
  printf "%-16s %9s %9s %7s %9s %7s\n" program flyi_s python3_s ratio base_s base_ratio
else
  printf "%-16s %9s %9s %7s\n" program flyi_s python3_s ratio
fi
for t in "$SRCDIR"/bench/lang/*.py; do
  name=$(basename "$t" .py)
  compare "$REPS" "$t"
  if [ -n "$PY" ] && [ -n "$BASE" ]; then
    same=""; cmp -s "$tmp.flyi" "$tmp.py" || same="  (output differs)"
    printf "%-16s %9s %9s %7s %9s %7s%s\n" "$name" "$(secs "$bf")" "$(secs "$bp")" "$(ratio "$bf" "$bp")" \
      "$(secs "$bb")" "$(ratio "$bb" "$bp")" "$same"
  elif [ -n "$PY" ]; then
    same=""; cmp -s "$tmp.flyi" "$tmp.py" || same="  (output differs)"
    printf "%-16s %9s %9s %7s%s\n" "$name" "$(secs "$bf")" "$(secs "$bp")" "$(ratio "$bf" "$bp")" "$same"
  else
    printf "%-16s %9s %9s %7s\n" "$name" "$(secs "$bf")" - -
  fi
done
compare 20 -c pass
if [ -n "$PY" ]; then
  printf "%-16s %9s %9s %7s\n" "start-up" "$(secs "$bf")" "$(secs "$bp")" "$(ratio "$bf" "$bp")"
else
  printf "%-16s %9s %9s %7s\n" "start-up" "$(secs "$bf")" - -
fi
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
rm -f "$tmp.py" "$tmp.flyi" "$tmp.base"
