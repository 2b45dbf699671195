#!/bin/sh
# regen.sh [NAME...] - write expected/NAME.out from real pytest (Debian's python3-pytest, run as
# /usr/bin/python3 -m pytest) for every case of cases (or the named ones). Not run by make check.
HERE=$(cd "$(dirname "$0")" && pwd)
PY=${PYTHON:-/usr/bin/python3}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/flyi_pytest.XXXXXX")
mkdir -p "$tmp" "$HERE/expected"
export COLUMNS=80 NO_COLOR=1 PYTHONDONTWRITEBYTECODE=1
unset PYTEST_ADDOPTS
while IFS='|' read -r name project args mode; do
  case "$name" in ''|'#'*) continue ;; esac
  if [ $# -gt 0 ]; then
    want=0; for n in "$@"; do [ "$n" = "$name" ] && want=1; done
    [ $want -eq 1 ] || continue
  fi
  # PROJECT:SUBDIR runs inside SUBDIR of the project
  sub=${project#*:}; [ "$sub" = "$project" ] && sub=.
  rm -rf "$tmp/p"; cp -R "$HERE/${project%%:*}" "$tmp/p"
  root=$(cd "$tmp/p" && pwd -P)
  got=$(cd "$root/$sub" && eval "set -- $args" && "$PY" -m pytest -p no:cacheprovider "$@" 2>&1; echo "rc=$?")
  if [ "$mode" = junit ]; then
    # the report too, without its times, timestamp and host
    got=$(printf '%s\n' "$got"; sed -e 's/ time="[0-9.]*"/ time="T"/g' -e 's/ timestamp="[^"]*"//' \
      -e 's/ hostname="[^"]*"//' "$root/out/report.xml"; echo)
  fi
  if [ "$mode" = rc ]; then
    printf '%s\n' "$got" | tail -n 1 > "$HERE/expected/$name.out"
  else
    printf '%s\n' "$got" | sh "$HERE/normalize.sh" "$root" "$mode" > "$HERE/expected/$name.out"
  fi
  echo "$name: $(tail -n 2 "$HERE/expected/$name.out" | head -n 1)"
done < "$HERE/cases"
rm -rf "$tmp"
