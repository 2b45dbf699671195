#!/bin/sh
# trace_fuzz.sh [--seed S] [--count N] [--minutes M] [--carry] [--keep DIR] [--quiet]
#
# Differential fuzzing of the tracer: for each seed S, S+1, ... (N of them, or for M minutes, whichever
# ends first) tests/fuzz/trace_gen.py writes a program whose random kernel body runs traced on the
# emulator and as plain Python in flyi's interpreter (the oracle); the program says "match" when both
# agree bit for bit. A seed fails when the program prints MISMATCH, exits non-zero or times out; its
# program and output are kept in DIR (default: $TMPDIR/trace_fuzz) as seed-S.py / seed-S.log.
# A failing seed reproduces with: flyi tests/fuzz/trace_gen.py S [--carry] > p.py && FLYI_BACKEND=emu flyi p.py
# --carry also generates what the tracer cannot carry through control flow yet (issue 13, items 1-2).
# Ends with "N passed, N failed" (the harness's count line); exit 1 on a failure.
seed=1 count=0 minutes=0 carry="" keep="" quiet=0
while [ $# -gt 0 ]; do
  case "$1" in
    --seed) seed=$2; shift 2 ;;
    --count) count=$2; shift 2 ;;
    --minutes) minutes=$2; shift 2 ;;
    --carry) carry=--carry; shift ;;
    --keep) keep=$2; shift 2 ;;
    --quiet) quiet=1; shift ;;
    *) echo "usage: trace_fuzz.sh [--seed S] [--count N] [--minutes M] [--carry] [--keep DIR] [--quiet]" >&2; exit 2 ;;
  esac
done
[ "$count" -eq 0 ] && [ "$minutes" -eq 0 ] && count=20
SRCDIR=${FLYI_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
BUILDDIR=${FLYI_BUILDDIR:-.}
FLYI=${FLYI:-$(cd "$BUILDDIR" && pwd)/flyi}
keep=${keep:-${TMPDIR:-/tmp}/trace_fuzz}
mkdir -p "$keep"
tmp=${TMPDIR:-/tmp}/trace_fuzz.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT INT TERM
start=$(date +%s)
pass=0 fail=0 n=0
while :; do
  [ "$count" -gt 0 ] && [ "$n" -ge "$count" ] && break
  if [ "$minutes" -gt 0 ]; then
    now=$(date +%s)
    [ $((now - start)) -ge $((minutes * 60)) ] && break
  fi
  s=$((seed + n))
  n=$((n + 1))
  # shellcheck disable=SC2086
  if ! $FLYI "$SRCDIR/tests/fuzz/trace_gen.py" "$s" $carry --rt "$SRCDIR/tests/fuzz/trace_rt.py" >"$tmp/p.py" 2>"$tmp/gen.err"; then
    fail=$((fail + 1)); echo "FAIL seed $s: the generator failed: $(tail -n 1 "$tmp/gen.err")"; continue
  fi
  rm -rf "$tmp/cache"
  (cd "$tmp" && env NO_COLOR=1 FLYI_BACKEND=emu FLYI_CACHE_DIR="$tmp/cache" timeout 120 $FLYI_WRAPPER "$FLYI" p.py >"$tmp/out" 2>&1 </dev/null)
  rc=$?
  if [ $rc -eq 0 ] && [ "$(tail -n 1 "$tmp/out")" = "match" ]; then
    pass=$((pass + 1))
    [ $quiet -eq 1 ] || echo "ok   seed $s"
  else
    fail=$((fail + 1))
    cp "$tmp/p.py" "$keep/seed-$s.py"; cp "$tmp/out" "$keep/seed-$s.log"
    why=$(grep -m 1 MISMATCH "$tmp/out" || tail -n 1 "$tmp/out")
    [ $rc -eq 124 ] && why="timed out"
    echo "FAIL seed $s (exit $rc): $why  [$keep/seed-$s.py]"
  fi
done
echo "trace_fuzz: $n programs from seed $seed${carry:+ (--carry)} in $(( $(date +%s) - start )) s"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
