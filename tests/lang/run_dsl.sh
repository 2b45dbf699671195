#!/bin/sh
# The layout surface, printing and pictures (src/flydsl/api, lib/draw).
exec sh "$(dirname "$0")/run_programs.sh" dsl
