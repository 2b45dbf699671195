#!/bin/sh
# run_plain.sh - flyi's non-interactive modes: piped cells (no prompts, every cell runs, exit
# status 1 if one raised, values echoed as in the REPL), --version, --help, bad options.
# Ends with "N passed, N failed".
FLYI=${FLYI:-${FLYI_BUILDDIR:-.}/flyi}
pass=0 fail=0
check() { # NAME GOT WANT
  if [ "$2" = "$3" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); printf 'FAIL %s: got [%s] want [%s]\n' "$1" "$2" "$3"; fi
}
out=$(printf 'x = 1\n1/0\nprint(x + 1)\nx\n' | "$FLYI" 2>/dev/null); rc=$?
check "piped cells: stdout" "$out" "$(printf '2\n1')"
check "piped cells: exit status after an error" "$rc" 1
err=$(printf '1/0\n' | "$FLYI" 2>&1 >/dev/null | tail -n 1)
check "piped cells: traceback on stderr, no colors" "$err" "ZeroDivisionError: division by zero"
out=$(printf 'def f(n):\n    return n * 2\n\nf(21)\n' | "$FLYI"); rc=$?
check "piped cells: a block ends on an empty line" "$out|$rc" "42|0"
out=$(printf 'from IPython.display import display, clear_output\nh = display(1, display_id=True)\nh.update(2)\nclear_output()\nprint(3)\n' | "$FLYI" 2>&1)
check "piped cells: display ids (an update prints the new value; clear_output is harmless)" "$out" "$(printf '1\n2\n3')"
check "--version" "$("$FLYI" --version)" "flyi 0.1.0"
"$FLYI" --help | grep -q '^usage: flyi'; check "--help" "$?" 0
"$FLYI" --bogus >/dev/null 2>&1; check "unknown option: exit 2" "$?" 2
# -m MODULE: a module of the current folder or an embedded one, run as __main__ with its sys.argv
mtmp=$(mktemp -d "${TMPDIR:-/tmp}/flyi_plain.XXXXXX")
printf 'import os, sys\nprint(__name__, os.path.basename(sys.argv[0]), sys.argv[1:])\n' > "$mtmp/mod_main.py"
out=$(cd "$mtmp" && "$FLYI" -m mod_main a b 2>&1)
check "-m a module of the current folder" "$out" "__main__ mod_main.py ['a', 'b']"
out=$(cd "$mtmp" && "$FLYI" -m no_such_module_here 2>&1); rc=$?
check "-m a missing module: message, exit 1" "$out|$rc" "flyi: No module named no_such_module_here|1"
check "-m pytest --version" "$("$FLYI" -m pytest --version)" "pytest 7.2.1"
# %profile in piped cells: the per-line table, the cell's own lines as its source column
cells='import torch, flydsl.compiler as flyc, flydsl.expr as fx
@flyc.kernel
def half(A: fx.Tensor):
    t = fx.thread_idx.x
    if t % 2 == 0:
        A[t] = A[t] + 1.0

@flyc.jit
def go(A):
    half(A).launch(grid=1, block=64)

a = torch.zeros(64, device="cuda")
%profile go(a)

print(a.sum().item())
%profile
'
out=$(printf '%s' "$cells" | FLYI_BACKEND=emu "$FLYI" 2>&1 | grep -v "^flyi: the HIP")
want='profile: 1 launch, 1 block of 64 threads, target gfx942 (LDS: 32 banks x 4 bytes)
where       kind          executions  active  coalescing  lds ways  notes  source
<cell 2>:3  exec                  64    1.00                               t = fx.thread_idx.x
<cell 2>:4  exec                  64    1.00                               if t % 2 == 0:
<cell 2>:5  global_load           32    0.50        0.50                   A[t] = A[t] + 1.0
<cell 2>:5  global_store          32    0.50        0.50                   A[t] = A[t] + 1.0
totals: global 256 B requested, 512 B in 64-byte segments; LDS 0 B; MFMA 0 flops
estimate: 0.1 ns on the whole GPU, memory-bound (roofline bound from MI300X: 5.3 TB/s; not a measurement)
32.0
UsageError: %profile needs a statement: %profile stmt (a call that launches kernels)'
check "%profile: per-line table in the REPL, usage error without a statement" "$out" "$want"
rm -rf "$mtmp"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
