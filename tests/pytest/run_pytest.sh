#!/bin/sh
# run_pytest.sh - flyi's pytest-compatible runner (`flyi -m pytest`) on the test projects in this
# folder: every line "NAME|PROJECT[:SUBDIR]|ARGS[|mode]" of cases runs `flyi -m pytest ARGS` in a
# copy of PROJECT (or its SUBDIR); the normalized output and exit status must equal
# expected/NAME.out, produced by real pytest (regen.sh). Modes: "rc" compares the exit status only,
# "junit" adds the --junitxml report out/report.xml (times, timestamp and host left out), "where"
# keeps the "+  where" lines. Ends with "N passed, N failed".
SRCDIR=${FLYI_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
BUILDDIR=${FLYI_BUILDDIR:-.}
case "$BUILDDIR" in /*) ;; *) BUILDDIR=$(cd "$BUILDDIR" && pwd) ;; esac
FLYI=${FLYI:-$BUILDDIR/flyi}
HERE=$SRCDIR/tests/pytest
tmp=$(mktemp -d "${TMPDIR:-/tmp}/flyi_pytest.XXXXXX")
mkdir -p "$tmp"
pass=0 fail=0
export COLUMNS=80 NO_COLOR=1
unset PYTEST_ADDOPTS
while IFS='|' read -r name project args mode; do
  case "$name" in ''|'#'*) continue ;; esac
  exp=$HERE/expected/$name.out
  # a copy of the project, so that runs leave nothing in the source tree
  # PROJECT:SUBDIR runs inside SUBDIR of the project
  sub=${project#*:}; [ "$sub" = "$project" ] && sub=.
  rm -rf "$tmp/p"; cp -R "$HERE/${project%%:*}" "$tmp/p"
  root=$(cd "$tmp/p" && pwd -P)
  got=$(cd "$root/$sub" && eval "set -- $args" && ${FLYI_WRAPPER:-} "$FLYI" -m pytest -p no:cacheprovider "$@" 2>&1; echo "rc=$?")
  if [ "$mode" = junit ]; then
    # the report too, without its times, timestamp and host
    got=$(printf '%s\n' "$got"; sed -e 's/ time="[0-9.]*"/ time="T"/g' -e 's/ timestamp="[^"]*"//' \
      -e 's/ hostname="[^"]*"//' "$root/out/report.xml"; echo)
  fi
  if [ "$mode" = rc ]; then
    got=$(printf '%s\n' "$got" | tail -n 1)
  else
    got=$(printf '%s\n' "$got" | sh "$HERE/normalize.sh" "$root" "$mode")
  fi
  if [ -f "$exp" ] && [ "$got" = "$(cat "$exp")" ]; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL $name ($project: $args)"
    printf '%s\n' "$got" > "$tmp/got"
    [ -f "$exp" ] && diff "$exp" "$tmp/got" | head -n 20 | sed 's/^/    /'
  fi
done < "$HERE/cases"
rm -rf "$tmp"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
