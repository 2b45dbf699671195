#!/bin/sh
# harness.sh SUITE... - run every test suite and sum their counts.
#
# A suite is a program (found in the build tree) or a script (in the source tree) that prints
# what it likes and ends with a line "N passed, N failed" (optionally ", N skipped"). Its exit
# status must be non-zero when anything failed. A suite that crashes or prints no count line
# counts as one failure. Prints per-suite totals, then one closing line with the sums.
set -u
: "${FLYI_SRCDIR:=.}" "${FLYI_BUILDDIR:=.}"
export FLYI_SRCDIR FLYI_BUILDDIR
export FLYI_WRAPPER="${FLYI_WRAPPER:-}"
# Kernels compiled by the tests go to a disk cache of their own (never the user's ~/.cache/flyi),
# emptied per run so results do not depend on earlier runs.
FLYI_CACHE_DIR="${FLYI_BUILDDIR}/tests/cache"
rm -rf "$FLYI_CACHE_DIR"
export FLYI_CACHE_DIR

total_pass=0 total_fail=0 total_skip=0 broken=0
log_dir=${FLYI_BUILDDIR}/tests/logs
mkdir -p "$log_dir"

for suite in "$@"; do
  if [ -x "$FLYI_BUILDDIR/$suite" ] && [ -f "$FLYI_BUILDDIR/$suite" ]; then
    cmd="$FLYI_BUILDDIR/$suite"
  elif [ -f "$FLYI_SRCDIR/$suite" ]; then
    cmd="$FLYI_SRCDIR/$suite"
  else
    echo "harness: $suite: not found" >&2
    total_fail=$((total_fail + 1)); broken=$((broken + 1)); continue
  fi
  log="$log_dir/$(echo "$suite" | tr '/' '_').log"
  case "$cmd" in
    *.sh) sh "$cmd" >"$log" 2>&1 ;;
    *) ${FLYI_WRAPPER:-} "$cmd" >"$log" 2>&1 ;;
  esac
  status=$?
  counts=$(grep -E '^([A-Za-z_-]+: )?[0-9]+ passed, [0-9]+ failed(, [0-9]+ skipped)?$' "$log" | tail -n 1)
  if [ -z "$counts" ]; then
    echo "FAIL $suite: exit status $status and no count line (log: $log)"
    tail -n 20 "$log" | sed 's/^/    /'
    total_fail=$((total_fail + 1)); broken=$((broken + 1)); continue
  fi
  p=$(echo "$counts" | sed -E 's/.*\b([0-9]+) passed.*/\1/')
  f=$(echo "$counts" | sed -E 's/.* ([0-9]+) failed.*/\1/')
  s=$(echo "$counts" | sed -nE 's/.* ([0-9]+) skipped.*/\1/p')
  s=${s:-0}
  if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then
    f=1; broken=$((broken + 1))
    echo "FAIL $suite: exit status $status although it counted no failure"
  fi
  total_pass=$((total_pass + p)); total_fail=$((total_fail + f)); total_skip=$((total_skip + s))
  if [ "$f" -ne 0 ]; then
    echo "FAIL $suite: $counts (log: $log)"
    grep -E '^(FAIL|not ok|MISMATCH)' "$log" | head -n 20 | sed 's/^/    /'
  else
    echo "ok   $suite: $counts"
  fi
done

if [ "$total_skip" -ne 0 ]; then
  echo "$total_pass passed, $total_fail failed, $total_skip skipped"
else
  echo "$total_pass passed, $total_fail failed"
fi
[ "$total_fail" -eq 0 ]
