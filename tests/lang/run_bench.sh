#!/bin/sh
# run_bench.sh - every bench/lang program under flyi at its --quick size (programs without one
# run whole) must print what CPython 3.11 prints (tests/lang/bench/NAME.out, from its regen.sh).
# Ends with "N passed, N failed"; exit 1 on failures.
SRCDIR=${FLYI_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
BUILDDIR=${FLYI_BUILDDIR:-.}
FLYI=${FLYI:-$BUILDDIR/flyi}
pass=0 fail=0
out=${TMPDIR:-/tmp}/flyi_bench_out.$$
for t in "$SRCDIR"/bench/lang/*.py; do
  name=$(basename "$t" .py)
  exp="$SRCDIR/tests/lang/bench/$name.out"
  if [ ! -f "$exp" ]; then
    echo "FAIL $name: no expected output $exp"; fail=$((fail + 1)); continue
  fi
  # shellcheck disable=SC2086
  timeout 120 $FLYI_WRAPPER "$FLYI" "$t" --quick >"$out" 2>&1 </dev/null
  if [ $? -eq 0 ] && cmp -s "$out" "$exp"; then
    pass=$((pass + 1))
  else
    echo "FAIL $name: output differs from CPython's"; fail=$((fail + 1))
  fi
done
rm -f "$out"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
