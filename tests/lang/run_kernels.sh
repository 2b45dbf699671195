#!/bin/sh
# FlyDSL-style kernels: traced, compiled, and launched on the emulator ("# flyi: run").
exec sh "$(dirname "$0")/run_programs.sh" --kernels kernels
