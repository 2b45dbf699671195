#!/bin/sh
# run_programs.sh [--kernels] [--args "A B"] DIR - run every DIR/*.py with flyi and check it.
#
#   NAME.out  stdout must equal it (produced by CPython 3.11 for plain Python, by hand or from
#             documented values for the DSL);
#   NAME.err  its content must equal the last line of stderr, and the exit status be non-zero;
#   NAME.fc   stdout is checked by FileCheck ($FILECHECK) instead (skipped without FileCheck);
#   SVG files the program writes into $FLYI_DSL_TMP must be well-formed (xmllint, when present).
# With --kernels, programs whose first line is "# flyi: run" launch their kernels on the CPU
# emulator and the others run with COMPILE_ONLY=1. Programs run from DIR, with NO_COLOR set, an empty
# disk compile cache (FLYI_CACHE_DIR), stdin closed and FLYI_WRAPPER (e.g. valgrind) in front of flyi.
# Prints one line per failure and ends with "N passed, N failed"; exit 1 on failures.
kernels=0 args=""
while [ $# -gt 1 ]; do
  case "$1" in
    --kernels) kernels=1; shift ;;
    --args) args=$2; shift 2 ;;
    *) break ;;
  esac
done
SRCDIR=${FLYI_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
BUILDDIR=${FLYI_BUILDDIR:-.}
FLYI=${FLYI:-$BUILDDIR/flyi}
DIR=$SRCDIR/tests/lang/$1
pass=0 fail=0
tmp=${TMPDIR:-/tmp}/flyi_programs.$$
mkdir -p "$tmp"

for t in "$DIR"/*.py; do
  name=$(basename "$t" .py)
  exp="$DIR/$name.out" fc="$DIR/$name.fc"
  [ -f "$exp" ] || [ -f "$fc" ] || continue
  [ -f "$exp" ] || [ -n "$FILECHECK" ] || continue
  co=""
  if [ $kernels -eq 1 ]; then
    co=1
    head -n 1 "$t" | grep -q '^# flyi: run' && co=0
  fi
  rm -rf "$tmp/files" "$tmp/cache"; mkdir -p "$tmp/files"
  # each program starts with an empty disk compile cache (FLYI_CACHE_DIR), so outputs do not depend on runs before
  # shellcheck disable=SC2086
  (cd "$DIR" && env NO_COLOR=1 FLYI_DSL_TMP="$tmp/files" FLYI_CACHE_DIR="$tmp/cache" ${co:+COMPILE_ONLY=$co} ${co:+FLYI_BACKEND=emu} \
     timeout 120 $FLYI_WRAPPER "$FLYI" "$t" $args >"$tmp/out" 2>"$tmp/err" </dev/null)
  rc=$?
  ok=1 why=""
  if [ -f "$DIR/$name.err" ]; then
    last=$(tail -n 1 "$tmp/err")
    want=$(cat "$DIR/$name.err")
    [ "$last" = "$want" ] || { ok=0; why="stderr last line: got '$last' want '$want'"; }
    [ $rc -ne 0 ] || { ok=0; why="exit status 0 for an error program"; }
  elif [ $rc -ne 0 ]; then
    ok=0; why="exit status $rc: $(tail -n 1 "$tmp/err")"
  fi
  if [ $ok -eq 1 ] && [ -f "$exp" ]; then
    cmp -s "$tmp/out" "$exp" || { ok=0; why="stdout differs"; }
  elif [ $ok -eq 1 ]; then
    "$FILECHECK" --input-file="$tmp/out" "$fc" >"$tmp/fc" 2>&1 || { ok=0; why="FileCheck: $(head -n 1 "$tmp/fc")"; }
  fi
  for svg in "$tmp/files"/*.svg; do
    [ -f "$svg" ] && command -v xmllint >/dev/null 2>&1 || continue
    xmllint --noout "$svg" 2>"$tmp/xml" || { ok=0; why="$(basename "$svg") is not well-formed: $(head -n 1 "$tmp/xml")"; }
  done
  if [ $ok -eq 1 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL $name: $why"; fi
done
rm -rf "$tmp"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
