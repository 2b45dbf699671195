#!/bin/sh
# The tracer fuzzer's seed corpus (tests/lang/fuzz: generated programs kept with their exact output, see
# tests/fuzz/trace_gen.py), then a short live run of the fuzzer over fixed seeds (tests/fuzz/trace_fuzz.sh).
here=$(dirname "$0")
sh "$here/run_programs.sh" --kernels fuzz >"${TMPDIR:-/tmp}/run_fuzz.$$" 2>&1
rc1=$?
cat "${TMPDIR:-/tmp}/run_fuzz.$$"
c1=$(tail -n 1 "${TMPDIR:-/tmp}/run_fuzz.$$")
rm -f "${TMPDIR:-/tmp}/run_fuzz.$$"
out=$(sh "$here/../fuzz/trace_fuzz.sh" --seed 1 --count 30 --quiet --keep "${FLYI_BUILDDIR:-.}/tests/logs/trace_fuzz")
rc2=$?
echo "$out" | grep -v ' passed, '
c2=$(echo "$out" | tail -n 1)
p=$(( $(echo "$c1" | sed -E 's/^([0-9]+) passed.*/\1/') + $(echo "$c2" | sed -E 's/^([0-9]+) passed.*/\1/') ))
f=$(( $(echo "$c1" | sed -E 's/.* ([0-9]+) failed.*/\1/') + $(echo "$c2" | sed -E 's/.* ([0-9]+) failed.*/\1/') ))
echo "$p passed, $f failed"
[ $rc1 -eq 0 ] && [ $rc2 -eq 0 ]
