"""Soak and latency part of the flyi-kernel Jupyter tests: many executes, interrupts and
restarts on one kernel, with its fds, threads and memory checked to stay flat."""
import statistics
import time

from jk import check, info, reply_status


def proc_stats(pid):
    """(open fds, threads, RSS in kB) of a process, from /proc."""
    import os
    fds = len(os.listdir("/proc/%d/fd" % pid))
    threads = rss = 0
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("Threads:"):
                threads = int(line.split()[1])
            elif line.startswith("VmRSS:"):
                rss = int(line.split()[1])
    return fds, threads, rss


def run(km, c, n_exec=500, n_intr=50, n_restart=10):
    pid = km.provisioner.process.pid
    for _ in range(50):  # warm up allocator and caches
        c.execute("1+1")
    base = proc_stats(pid)
    times = []
    ok = 0
    for i in range(n_exec):
        t0 = time.perf_counter()
        mid = c.kc.execute("1+1")
        r = c.reply_for(mid)
        io = c.iopub_for(mid)
        times.append(time.perf_counter() - t0)
        ok += reply_status(r) == "ok" and len(io) == 4
    check("soak: %d executes answered" % n_exec, ok == n_exec, ok)
    info("execute round trip `1+1` (reply + idle): median %.2f ms, p90 %.2f ms"
         % (statistics.median(times) * 1000, sorted(times)[int(len(times) * 0.9)] * 1000))
    after = proc_stats(pid)
    check("soak: fds and threads flat over %d executes" % n_exec,
          after[:2] == base[:2], (base, after))
    check("soak: memory flat over %d executes (RSS %d -> %d kB)" % (n_exec, base[2], after[2]),
          after[2] - base[2] < 4096, (base, after))
    ok = 0
    for i in range(n_intr):
        # an interrupt counts once the client has seen the cell busy (one sent while the kernel
        # is idle is dropped, as ipykernel does): on a loaded machine the kernel may not have read
        # the request 10 ms after it was sent
        mid = c.kc.execute("while True: pass")
        busy = c.wait_busy(mid)
        time.sleep(0.01 if i % 2 else 0)
        km.interrupt_kernel()
        r = c.reply_for(mid)
        c.iopub_for(mid)
        ok += busy and reply_status(r) == "error"
    r, _ = c.execute("1+1")
    check("soak: %d interrupts, kernel still answers" % n_intr,
          ok == n_intr and reply_status(r) == "ok", ok)
    after = proc_stats(pid)
    check("soak: fds and threads flat after interrupts", after[:2] == base[:2], (base, after))
    first = base
    ok = 0
    t0 = time.time()
    for i in range(n_restart):
        km.restart_kernel(now=False)
        c.kc.wait_for_ready(timeout=15)
        c.drain_iopub(0.05)
        c.pending = []
        r, _ = c.execute("1+1")
        ok += reply_status(r) == "ok" and r["content"]["execution_count"] == 1
    pid = km.provisioner.process.pid
    info("%d restarts in %.1f s" % (n_restart, time.time() - t0))
    check("soak: %d restarts, each answers with count 1" % n_restart, ok == n_restart, ok)
    now = proc_stats(pid)
    check("soak: restarted kernel has the first one's fds and threads", now[:2] == first[:2],
          (first, now))
