"""bench_jupyter.py KERNEL - flyi-kernel against Debian's ipykernel through jupyter_client:
start (KernelManager.start_kernel to the first kernel_info_reply, median of 5 starts) and the
`1+1` execute round trip (send to execute_reply plus the request's idle status on IOPub, median
of 200). Prints a table with both kernels and the ratio flyi/ipykernel; the ipykernel column is
'-' when ipykernel is not importable. Run with /usr/bin/python3 (bench/bench_jupyter.sh does)."""
import importlib.util
import json
import os
import queue
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from jupyter_client import KernelManager

STARTS, EXECS, WARM = 5, 200, 10


def wait_idle(kc, msg_id, timeout=30):
    end = time.perf_counter() + timeout
    while time.perf_counter() < end:
        m = kc.get_iopub_msg(timeout=timeout)
        if (m["parent_header"].get("msg_id") == msg_id and m["msg_type"] == "status"
                and m["content"]["execution_state"] == "idle"):
            return
    raise TimeoutError("no idle status")


def shell_reply(kc, msg_id, timeout=30):
    while True:
        m = kc.get_shell_msg(timeout=timeout)
        if m["parent_header"].get("msg_id") == msg_id:
            return m


def one_start(name):
    km = KernelManager(kernel_name=name)
    t0 = time.perf_counter()
    km.start_kernel()
    kc = km.client()
    kc.start_channels()
    mid = kc.kernel_info()
    shell_reply(kc, mid)
    dt = time.perf_counter() - t0
    return km, kc, dt


def stop(km, kc):
    kc.stop_channels()
    km.shutdown_kernel(now=False)


def bench(name):
    starts = []
    for _ in range(STARTS):
        km, kc, dt = one_start(name)
        starts.append(dt)
        stop(km, kc)
    km, kc, _ = one_start(name)
    try:
        wait_idle_all(kc)
        rtts = []
        for i in range(WARM + EXECS):
            t0 = time.perf_counter()
            mid = kc.execute("1+1")
            r = shell_reply(kc, mid)
            wait_idle(kc, mid)
            dt = time.perf_counter() - t0
            if r["content"]["status"] != "ok":
                raise RuntimeError("1+1 failed: %s" % r["content"])
            if i >= WARM:
                rtts.append(dt)
    finally:
        stop(km, kc)
    return statistics.median(starts), statistics.median(rtts), min(rtts), max(starts)


def wait_idle_all(kc, quiet=0.3):
    while True:
        try:
            kc.get_iopub_msg(timeout=quiet)
        except queue.Empty:
            return


def main():
    kernel = os.path.abspath(sys.argv[1])
    root = tempfile.mkdtemp(prefix="bench_jupyter.")
    try:
        subprocess.run([kernel, "install", "--prefix", root], check=True, capture_output=True)
        kdir = os.path.join(root, "share", "jupyter", "kernels")
        have_ipk = importlib.util.find_spec("ipykernel") is not None
        if have_ipk:  # our own spec, so the bench does not depend on what else is installed
            os.makedirs(os.path.join(kdir, "bench-ipykernel"), exist_ok=True)
            with open(os.path.join(kdir, "bench-ipykernel", "kernel.json"), "w") as f:
                json.dump({"argv": [sys.executable, "-Xfrozen_modules=off", "-m", "ipykernel_launcher", "-f",
                                    "{connection_file}"],
                           "display_name": "ipykernel (bench)", "language": "python",
                           "env": {"PYDEVD_DISABLE_FILE_VALIDATION": "1"}}, f)
        os.environ["JUPYTER_PATH"] = os.path.join(root, "share", "jupyter")
        fs, fe, fe_min, fs_max = bench("flyi")
        if have_ipk:
            ps, pe, pe_min, ps_max = bench("bench-ipykernel")
        print("%-34s %12s %12s %7s" % ("measure", "flyi-kernel", "ipykernel", "ratio"))

        def row(label, a, b):
            if b is None:
                print("%-34s %12.2f %12s %7s" % (label, a * 1e3, "-", "-"))
            else:
                print("%-34s %12.2f %12.2f %7.3f" % (label, a * 1e3, b * 1e3, a / b))
        row("start -> kernel_info_reply ms (med 5)", fs, ps if have_ipk else None)
        row("start, slowest of 5 ms", fs_max, ps_max if have_ipk else None)
        row("1+1 reply+idle ms (median of %d)" % EXECS, fe, pe if have_ipk else None)
        row("1+1 reply+idle ms (min)", fe_min, pe_min if have_ipk else None)
        if not have_ipk:
            print("(ipykernel not importable by %s: its column skipped)" % sys.executable)
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
