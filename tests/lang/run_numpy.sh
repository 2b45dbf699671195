#!/bin/sh
# numpy and pandas (src/numpy): outputs from CPython with numpy 1.24 (tests/lang/numpy/regen.sh).
exec sh "$(dirname "$0")/run_programs.sh" numpy
