#!/bin/sh
# torch-compatible tensors (src/torch).
exec sh "$(dirname "$0")/run_programs.sh" torch
