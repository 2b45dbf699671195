#!/bin/sh
# run_hip.sh - the HIP backend end to end on the HIP stand-in (libflyi_hip_standin.so, built by
# `make check`), then against Debian's real ROCm library when it is installed.
#
# 1. Every kernel program of tests/lang/kernels that runs ("# flyi: run") runs again with
#    FLYI_BACKEND=hip on the stand-in and must print exactly its .out (the emulator's output); stderr
#    must not say that kernels ran on the CPU emulator. Left out (EMU_ONLY): programs that check the
#    emulator's fault reports (out of bounds, deadlock, division by zero, traps) at the launch; under HIP
#    a fault is asynchronous and is reported by the next synchronize (hip_failures.py tests that).
#    A new program of that kind says so itself with a line "# flyi: emu-only" in its first five lines, as
#    does one whose kernels need another chip than the stand-in's gfx942.
# 2. tests/hip/NAME.py with NAME.out, under the environment of its "# env: ..." line.
# 3. The real libamdhip64 (Debian's libamdhip64-5, ROCm 5.2): it loads, finds no GPU, flyi says so
#    once and runs the kernel on the emulator. Skipped, with a message, when the package is absent
#    (FLYI_REAL_HIP_LIBRARY=/abs/path/libamdhip64.so.5 tests a copy unpacked elsewhere).
# Prints one line per failure and ends with "N passed, N failed[, N skipped]".
SRCDIR=${FLYI_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
BUILDDIR=${FLYI_BUILDDIR:-.}
FLYI=${FLYI:-$(cd "$BUILDDIR" && pwd)/flyi}
STANDIN=$(cd "$BUILDDIR" && pwd)/tests/hip/.libs/libflyi_hip_standin.so
# On a machine with an AMD GPU: FLYI_HIP_DEVICE_LIBRARY=/opt/rocm/lib/libamdhip64.so runs parts 1 and 2
# on the real device instead (programs that need the stand-in's failure injection are left out).
DEVICE=${FLYI_HIP_DEVICE_LIBRARY:-}
[ -n "$DEVICE" ] && STANDIN=$DEVICE
EMU_ONLY="dyn_smem emu_barrier_phases emu_faults math_ops_run emu_mfma_fp8_paths emu_vec_paths emu_oob_thread emu_shfl_inline emu_sync_modes pred_oob ptr_oob rmem_oob vadd_torch"
pass=0 fail=0 skip=0
tmp=${TMPDIR:-/tmp}/flyi_hip.$$
mkdir -p "$tmp"

if [ ! -f "$STANDIN" ]; then
  echo "FAIL the HIP stand-in is not built ($STANDIN)"
  echo "0 passed, 1 failed"
  exit 1
fi

# run DIR NAME ENV...: runs DIR/NAME.py on the stand-in; compares stdout with DIR/NAME.out
run() {
  dir=$1 name=$2
  shift 2
  rm -rf "$tmp/cache"
  (cd "$dir" && env NO_COLOR=1 FLYI_CACHE_DIR="$tmp/cache" FLYI_BACKEND=hip FLYI_HIP_LIBRARY="$STANDIN" "$@" \
     timeout 120 $FLYI_WRAPPER "$FLYI" "$name.py" >"$tmp/out" 2>"$tmp/err" </dev/null)
  rc=$?
  why=""
  [ $rc -eq 0 ] || why="exit status $rc: $(tail -n 1 "$tmp/err")"
  [ -n "$why" ] || cmp -s "$tmp/out" "$dir/$name.out" || why="stdout differs: $(diff "$tmp/out" "$dir/$name.out" | head -n 3 | tr '\n' ' ')"
  [ -n "$why" ] || ! grep -q "run on the CPU emulator" "$tmp/err" || why="ran on the emulator: $(head -n 1 "$tmp/err")"
  if [ -z "$why" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL $name: $why"; fi
}

KDIR=$SRCDIR/tests/lang/kernels
for t in "$KDIR"/*.py; do
  name=$(basename "$t" .py)
  [ -f "$KDIR/$name.out" ] || continue
  head -n 1 "$t" | grep -q '^# flyi: run' || continue
  case " $EMU_ONLY " in *" $name "*) continue ;; esac
  head -n 5 "$t" | grep -q '^# flyi: emu-only' && continue
  run "$KDIR" "$name"
done
# a few again on a gfx950 device, and on a device with xnack on and sramecc off (the code objects
# follow gcnArchName's flags; the stand-in refuses the other setting)
for name in vadd_divide lds_reduce mma_tiled tiled_copy; do
  [ -z "$DEVICE" ] && [ -f "$KDIR/$name.out" ] && run "$KDIR" "$name" FLYI_STANDIN_ARCH=gfx950 ARCH=gfx950
done
for name in vadd_divide launch_printf; do
  [ -z "$DEVICE" ] && [ -f "$KDIR/$name.out" ] && run "$KDIR" "$name" FLYI_STANDIN_FEATURES=sramecc-:xnack+
done

HDIR=$SRCDIR/tests/hip
for t in "$HDIR"/*.py; do
  name=$(basename "$t" .py)
  [ -f "$HDIR/$name.out" ] || continue
  [ -n "$DEVICE" ] && { grep -q '^# env: ' "$t" || [ "$name" = hip_torch ]; } && continue
  # shellcheck disable=SC2046
  run "$HDIR" "$name" $(sed -n 's/^# env: //p' "$t" | head -n 1)
done

# the device checklist (docs/amd-gpu.md) on the stand-in: every check passes
rm -rf "$tmp/cache"
(cd "$SRCDIR/tests/hip_device" && env NO_COLOR=1 FLYI_CACHE_DIR="$tmp/cache" FLYI_BACKEND=hip FLYI_HIP_LIBRARY="$STANDIN" \
   timeout 120 "$FLYI" check_device.py >"$tmp/out" 2>"$tmp/err" </dev/null)
rc=$?
if [ $rc -eq 0 ] && tail -n 1 "$tmp/out" | grep -q ' passed, 0 failed$'; then pass=$((pass + 1)); else
  fail=$((fail + 1)); echo "FAIL tests/hip_device/check_device.py: exit $rc: $(grep FAIL "$tmp/out" | head -n 2 | tr '\n' ' ')"; fi

# 3. the real ROCm library, when installed
REAL=${FLYI_REAL_HIP_LIBRARY:-}  # or a copy of it elsewhere (absolute path; its directory joins LD_LIBRARY_PATH)
for d in /usr/lib/x86_64-linux-gnu /usr/lib64 /opt/rocm/lib; do
  [ -z "$REAL" ] || break
  [ -f "$d/libamdhip64.so.5" ] && REAL="$d/libamdhip64.so.5" && break
done
if [ -z "$REAL" ]; then
  echo "SKIP real ROCm: libamdhip64.so.5 is not installed (Debian package libamdhip64-5; scripts/install-deps installs it)"
  skip=$((skip + 1))
else
  (cd "$HDIR" && env NO_COLOR=1 FLYI_CACHE_DIR="$tmp/cache" FLYI_HIP_LIBRARY="$REAL" \
     LD_LIBRARY_PATH="$(dirname "$REAL")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
     timeout 120 "$FLYI" real_rocm.py >"$tmp/out" 2>"$tmp/err" </dev/null)
  rc=$?
  n=$(grep -c "kernels run on the CPU emulator" "$tmp/err")
  if [ $rc -eq 0 ] && [ "$n" -eq 1 ] && grep -q "reports no AMD GPU" "$tmp/err" && cmp -s "$tmp/out" "$HDIR/real_rocm.expected"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1)); echo "FAIL real ROCm ($REAL): exit $rc, $n notices: $(head -n 2 "$tmp/err" | tr '\n' ' ')"
  fi
fi

rm -rf "$tmp"
if [ $skip -ne 0 ]; then echo "$pass passed, $fail failed, $skip skipped"; else echo "$pass passed, $fail failed"; fi
[ $fail -eq 0 ]
