#!/bin/sh
# regen.sh - regenerate the expected outputs of the bench/lang programs with CPython 3.11
# (python3), at their --quick sizes: NAME.out is stdout.
cd "$(dirname "$0")" || exit 1
command -v python3 >/dev/null || { echo "python3 not found" >&2; exit 1; }
for t in ../../../bench/lang/*.py; do
    name=$(basename "$t" .py)
    PYTHONHASHSEED=0 python3 "$t" --quick >"$name.out" </dev/null
done
