#!/bin/sh
# Plain Python programs; expected output from CPython 3.11 (tests/lang/run/regen.sh).
exec sh "$(dirname "$0")/run_programs.sh" --args "arg1 arg2" run
