#!/bin/sh
# The layout surface, printing and pictures (src/dsl, lib/draw).
exec sh "$(dirname "$0")/run_programs.sh" dsl
