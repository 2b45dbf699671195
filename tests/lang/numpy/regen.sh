#!/bin/sh
# regen.sh - regenerate the expected outputs with CPython 3.11 and Debian's numpy 1.24 / pandas 1.5
# (python3-numpy, python3-pandas; scripts/install-deps): NAME.out is stdout; for programs that end
# with an uncaught exception NAME.err is the last line of stderr. PYTHON picks the interpreter.
cd "$(dirname "$0")" || exit 1
PY=${PYTHON:-python3}
"$PY" -c "import numpy" 2>/dev/null || PY=/usr/bin/python3
"$PY" -c "import numpy, sys; assert numpy.__version__.startswith('1.24'), numpy.__version__" || exit 1
for t in ${@:-*.py}; do
    name=$(basename "$t" .py)
    PYTHONHASHSEED=0 "$PY" "$name.py" >"$name.out" 2>/tmp/regen_err.$$ </dev/null
    if [ $? -ne 0 ]; then tail -n 1 /tmp/regen_err.$$ >"$name.err"; else rm -f "$name.err"; fi
done
rm -f /tmp/regen_err.$$
