#!/bin/sh
# The kernel library (flyi.kernels) against float64 torch references on the emulator ("# flyi: run").
exec sh "$(dirname "$0")/../lang/run_programs.sh" --kernels ../kernels
