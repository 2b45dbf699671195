#!/bin/sh
# regen.sh - regenerate the expected outputs with CPython 3.11 (python3): NAME.out is stdout;
# for programs that end with an uncaught exception NAME.err is the last line of stderr.
cd "$(dirname "$0")" || exit 1
command -v python3 >/dev/null || { echo "python3 not found" >&2; exit 1; }
for t in ${@:-*.py}; do
    name=$(basename "$t" .py)
    PYTHONHASHSEED=0 python3 "$name.py" arg1 arg2 >"$name.out" 2>/tmp/regen_err.$$ </dev/null
    if [ $? -ne 0 ]; then tail -n 1 /tmp/regen_err.$$ >"$name.err"; else rm -f "$name.err"; fi
done
rm -f /tmp/regen_err.$$
