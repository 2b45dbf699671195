#!/usr/bin/python3
"""Protocol test of flyi-kernel with Debian's jupyter_client (tier 1) and nbclient (tier 2).

usage: /usr/bin/python3 test_protocol.py /abs/path/to/flyi-kernel

Installs the kernelspec into a temporary JUPYTER_PATH, then drives the kernel through
KernelManager/BlockingKernelClient and through hand-built ZeroMQ frames. Prints one line per
check (PASS/FAIL/SKIP/INFO) and ends with "N passed, N failed[, N skipped]"; exits 1 on failure.
"""
import hashlib
import hmac
import json
import os
import queue
import re
import shutil
import subprocess
import sys
import tempfile
import time
import uuid

try:
    import jupyter_client  # noqa: F401
    import zmq
    from jupyter_client import KernelManager
    from jupyter_client.kernelspec import KernelSpecManager
except ImportError:
    print("SKIP jupyter_client is not available to " + sys.executable)
    print("0 passed, 0 failed, 1 skipped")
    sys.exit(0)

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import jk  # noqa: E402
from jk import T, Client, check, info, skip, streams, types  # noqa: E402,F401
import test_display  # noqa: E402
import test_kernels  # noqa: E402
import test_browser  # noqa: E402

HEADER_KEYS = {"msg_id", "session", "username", "date", "msg_type", "version"}


def envelope_ok(name, reply, iopub, reply_type, req_id):
    """The rules every request follows: reply header, parent, version; busy first, idle last."""
    problems = []
    if reply is None:
        problems.append("no reply")
    else:
        h = reply["header"]
        if not HEADER_KEYS <= set(h):
            problems.append("header keys %s" % sorted(h))
        if h.get("msg_type") != reply_type:
            problems.append("msg_type %s" % h.get("msg_type"))
        if not str(h.get("version", "")).startswith("5."):
            problems.append("version %r" % h.get("version"))
        if reply["parent_header"].get("msg_id") != req_id:
            problems.append("parent msg_id")
        if "status" not in reply["content"]:
            problems.append("no status in reply")
    st = [m["content"]["execution_state"] for m in iopub if m["msg_type"] == "status"]
    if not iopub or types(iopub)[0] != "status" or st[:1] != ["busy"]:
        problems.append("IOPub does not start with busy: %s" % types(iopub))
    if not iopub or iopub[-1]["msg_type"] != "status" or st[-1:] != ["idle"] or st.count("idle") != 1:
        problems.append("IOPub does not end with one idle: %s" % types(iopub))
    return check("envelope: " + name, not problems, "; ".join(problems))


def install_specs(kernel, root):
    out = subprocess.run([kernel, "install", "--prefix", root], capture_output=True, text=True)
    check("kernelspec: `flyi-kernel install --prefix` exits 0", out.returncode == 0, out.stderr)
    path = os.path.join(root, "share/jupyter/kernels/flyi/kernel.json")
    try:
        spec = json.load(open(path))
    except Exception as e:  # noqa: BLE001
        check("kernelspec: kernel.json written", False, e)
        return False
    argv = spec.get("argv", [])
    check("kernelspec: argv = [abs binary, -f, {connection_file}]",
          len(argv) == 3 and os.path.isabs(argv[0]) and os.access(argv[0], os.X_OK)
          and argv[1:] == ["-f", "{connection_file}"], argv)
    check("kernelspec: display_name, language python, interrupt_mode signal",
          spec.get("display_name") == "FlyDSL (flyi)" and spec.get("language") == "python"
          and spec.get("interrupt_mode") == "signal", spec)
    for px in (32, 64):
        logo = os.path.join(root, "share/jupyter/kernels/flyi/logo-%dx%d.png" % (px, px))
        head = open(logo, "rb").read(24) if os.path.exists(logo) else b""
        check("kernelspec: logo-%dx%d.png is a %d px PNG" % (px, px, px),
              head[:8] == b"\x89PNG\r\n\x1a\n" and int.from_bytes(head[16:20], "big") == px
              and int.from_bytes(head[20:24], "big") == px, logo)
    # `flyi-kernel logos DIR`: what `make install` runs to put the logos beside its kernel.json
    logos = os.path.join(root, "logos", "flyi")
    out = subprocess.run([kernel, "logos", logos], capture_output=True, text=True)
    names = sorted(os.listdir(logos)) if os.path.isdir(logos) else []
    same = names and all(open(os.path.join(logos, n), "rb").read() ==
                         open(os.path.join(root, "share/jupyter/kernels/flyi", n), "rb").read() for n in names)
    check("kernelspec: `flyi-kernel logos DIR` writes the same three logos",
          out.returncode == 0 and names == ["logo-32x32.png", "logo-64x64.png", "logo-svg.svg"] and same,
          (out.returncode, out.stderr, names))
    out = subprocess.run([kernel, "logos"], capture_output=True, text=True)
    check("kernelspec: `flyi-kernel logos` without DIR: usage, exit 2", out.returncode == 2 and "usage" in out.stderr,
          out.returncode)
    subprocess.run([kernel, "install", "--prefix", root, "--name", "flyi-msg",
                    "--interrupt-mode", "message"], capture_output=True)
    os.environ["JUPYTER_PATH"] = os.path.join(root, "share/jupyter")
    specs = KernelSpecManager().find_kernel_specs()
    return check("kernelspec: found through JUPYTER_PATH", "flyi" in specs and "flyi-msg" in specs,
                 specs)


def start(name):
    km = KernelManager(kernel_name=name)
    t0 = time.time()
    km.start_kernel()
    c = Client(km)
    c.ready()
    return km, c, time.time() - t0


def test_kernel_info(c):
    mid = c.kc.kernel_info()
    r = c.reply_for(mid)
    io = c.iopub_for(mid)
    envelope_ok("kernel_info", r, io, "kernel_info_reply", mid)
    ct = r["content"] if r else {}
    li = ct.get("language_info", {})
    check("kernel_info: protocol_version 5.3, implementation flyi, banner, help_links",
          ct.get("status") == "ok" and ct.get("protocol_version") == "5.3"
          and ct.get("implementation") == "flyi" and isinstance(ct.get("implementation_version"), str)
          and isinstance(ct.get("banner"), str) and ct.get("banner")
          and isinstance(ct.get("help_links"), list), ct)
    check("kernel_info: language_info for Python highlighting",
          li.get("name") == "python" and li.get("version") == "3.11"
          and li.get("mimetype") == "text/x-python" and li.get("file_extension") == ".py"
          and li.get("pygments_lexer") == "ipython3"
          and li.get("codemirror_mode") == {"name": "ipython", "version": 3}, li)
    date = r["header"].get("date") if r else None
    check("header: date has a timezone",
          date is not None and (getattr(date, "tzinfo", None) is not None
                                or re.search(r"(Z|[+-]\d\d:?\d\d)$", str(date))), date)
    mid = c.send("control", "kernel_info_request")
    r = c.reply_for(mid, "control")
    io = c.iopub_for(mid)
    check("kernel_info on control", r is not None and r["content"].get("status") == "ok")
    envelope_ok("kernel_info on control", r, io, "kernel_info_reply", mid)
    return r


def sleep_code(c, secs):
    """Code that takes about `secs` seconds: time.sleep, or a calibrated loop without `time`."""
    if "sleep" not in SUPPORTS:
        r, _ = c.execute("import time", silent=True)
        SUPPORTS["sleep"] = bool(r and r["content"]["status"] == "ok")
        if not SUPPORTS["sleep"]:
            info("engine has no `time` module: delays are busy loops")
            t0 = time.time()
            c.execute("pass", silent=True)
            t1 = time.time()
            c.execute("for _i in range(2000000): pass", silent=True)
            t2 = time.time()
            SUPPORTS["loop_rate"] = 2000000 / max((t2 - t1) - (t1 - t0), 1e-3)
    if SUPPORTS["sleep"]:
        return "import time\ntime.sleep(%s)" % secs
    return "for _i in range(%d): pass" % int(SUPPORTS["loop_rate"] * secs)


def test_execute(c, snip):
    r, io = c.execute("print('hello stdout')")
    envelope_ok("execute", r, io, "execute_reply", r and r["parent_header"]["msg_id"])
    n1 = r["content"].get("execution_count") if r else None
    check("execute: IOPub busy, execute_input, stream, idle",
          types(io) == ["status", "execute_input", "stream", "status"], types(io))
    ei = [m for m in io if m["msg_type"] == "execute_input"]
    check("execute: execute_input has the code and the reply's count",
          len(ei) == 1 and ei[0]["content"] == {"code": "print('hello stdout')", "execution_count": n1},
          ei and ei[0]["content"])
    check("execute: stdout stream", streams(io, "stdout") == "hello stdout\n", streams(io))
    r2, io = c.execute(snip["stderr"])
    check("execute: stderr stream", streams(io, "stderr") == "hello stderr\n", types(io))
    n2 = r2["content"].get("execution_count") if r2 else None
    check("execute: count +1 per cell", isinstance(n1, int) and n1 >= 1 and n2 == n1 + 1, (n1, n2))
    r, io = c.execute("6*7")
    res = [m for m in io if m["msg_type"] == "execute_result"]
    n3 = r["content"].get("execution_count") if r else None
    check("execute: execute_result text/plain 42, metadata {}, count",
          len(res) == 1 and res[0]["content"]["data"].get("text/plain") == "42"
          and res[0]["content"]["metadata"] == {} and res[0]["content"]["execution_count"] == n3,
          res and res[0]["content"])
    check("execute: reply has status ok, payload, user_expressions",
          r and r["content"].get("status") == "ok" and r["content"].get("payload") == []
          and r["content"].get("user_expressions") == {}, r and r["content"])
    # output order between the session's text and fd-level writes
    r, io = c.execute(snip["fd_write"])
    if r and r["content"].get("status") == "ok":
        check("capture: fd 1 writes become stdout stream", streams(io, "stdout") == "fd out\n",
              streams(io))
        r, io = c.execute("print('a')\n" + snip["fd_write"] + "\nprint('b')")
        check("capture: session text and fd output stay in order",
              streams(io, "stdout") == "a\nfd out\nb\n", repr(streams(io)))
        r, io = c.execute("import posix\n_ = posix.write(1, b'bad \\xff utf8 \\xe2\\x82\\xac\\n')")
        check("capture: invalid UTF-8 arrives repaired (U+FFFD), valid characters kept",
              streams(io, "stdout") == "bad \ufffd utf8 \u20ac\n", repr(streams(io)))
    else:
        skip("capture: fd-level output", "engine cannot write to fd 1 (%s)"
             % (r and r["content"].get("ename")))
    # output appears while the cell runs, not at its end
    mid = c.kc.execute("print('early')\n%s\nprint('late')" % sleep_code(c, 0.6))
    t_stream = t_reply = None
    t0 = time.time()
    while time.time() - t0 < T and t_stream is None:
        try:
            m = c.kc.get_iopub_msg(timeout=T)
        except queue.Empty:
            break
        if m["parent_header"].get("msg_id") == mid and m["msg_type"] == "stream":
            t_stream = time.time()
            c.pending.append(m)
        else:
            c.pending.append(m)
    r = c.reply_for(mid)
    t_reply = time.time()
    io = c.iopub_for(mid)
    check("capture: output streams while the cell runs (first line >= 0.4 s before the reply)",
          t_stream is not None and t_reply - t_stream >= 0.4 and streams(io) == "early\nlate\n",
          (t_stream and t_reply - t_stream, streams(io)))
    # a flood of prints is coalesced into few messages, nothing lost, all before idle
    r, io = c.execute("for i in range(5000): print(i)")
    n_stream = types(io).count("stream")
    check("capture: 5000 prints coalesced (%d stream messages), complete, before idle" % n_stream,
          streams(io) == "".join("%d\n" % i for i in range(5000)) and 0 < n_stream <= 100
          and types(io)[-1] == "status", n_stream)
    r, io = c.execute(snip["display"])
    dd = [m for m in io if m["msg_type"] == "display_data"]
    SUPPORTS["display"] = bool(r and r["content"].get("status") == "ok")
    if SUPPORTS["display"]:
        check("display: display_data with image/svg+xml + text/plain, metadata, transient",
              len(dd) == 1 and "image/svg+xml" in dd[0]["content"]["data"]
              and "text/plain" in dd[0]["content"]["data"]
              and isinstance(dd[0]["content"].get("metadata"), dict), dd and dd[0]["content"])
    else:
        skip("display: display_data", "engine has no display() (%s)" % (r and r["content"].get("ename")))


def test_error(c):
    r, io = c.execute("1/0")
    ct = r["content"] if r else {}
    check("error: reply status error, ename/evalue/traceback, execution_count",
          ct.get("status") == "error" and ct.get("ename") == "ZeroDivisionError"
          and isinstance(ct.get("evalue"), str) and isinstance(ct.get("traceback"), list)
          and all(isinstance(s, str) for s in ct.get("traceback", []))
          and isinstance(ct.get("execution_count"), int), ct)
    errs = [m for m in io if m["msg_type"] == "error"]
    check("error: one IOPub error without status/count",
          len(errs) == 1 and "status" not in errs[0]["content"]
          and "execution_count" not in errs[0]["content"]
          and errs[0]["content"]["ename"] == "ZeroDivisionError", types(io))
    tb = "\n".join(ct.get("traceback", []))
    check("error: traceback has ANSI colors and ends with 'ename: evalue'",
          "\x1b[" in tb and re.sub(r"\x1b\[[0-9;]*m", "", tb).rstrip().endswith(
              "ZeroDivisionError: " + ct.get("evalue", "")), repr(tb[-200:]))


def test_counts(c):
    r, _ = c.execute("1+1")
    n = r["content"]["execution_count"]
    r, io = c.execute("print('quiet')\n2+2", silent=True)
    check("count: silent keeps the count", r and r["content"]["execution_count"] == n,
          r and r["content"])
    check("count: silent publishes nothing but busy/idle", types(io) == ["status", "status"],
          types(io))
    r, io = c.execute("3+3", store_history=False)
    check("count: store_history=false keeps the count",
          r and r["content"]["execution_count"] == n, r and r["content"])
    r, io = c.execute("")
    check("count: empty code keeps the count", r and r["content"]["execution_count"] == n
          and r["content"]["status"] == "ok")
    r, _ = c.execute("1+1")
    check("count: next stored cell is count+1", r and r["content"]["execution_count"] == n + 1)


def test_user_expressions(c):
    r, _ = c.execute("x = 1", user_expressions={"two": "1+1", "bad": "1/0"})
    ue = r["content"].get("user_expressions", {}) if r else {}
    check("user_expressions: ok value",
          ue.get("two") == {"status": "ok", "data": {"text/plain": "2"}, "metadata": {}}, ue)
    check("user_expressions: failure has status error and ename",
          ue.get("bad", {}).get("status") == "error"
          and ue.get("bad", {}).get("ename") == "ZeroDivisionError", ue.get("bad"))


def test_stop_on_error(c):
    kc = c.kc
    a = kc.execute(sleep_code(c, 0.2) + "\n1/0")   # b is queued while a runs
    b = kc.execute("print('should not run')")
    ra, rb = c.reply_for(a), c.reply_for(b)
    iob = c.iopub_for(b)
    check("stop_on_error: queued cell aborted",
          ra and ra["content"]["status"] == "error" and rb and rb["content"]["status"] == "aborted",
          rb and rb["content"])
    check("stop_on_error: aborted cell has busy/idle only", types(iob) == ["status", "status"],
          types(iob))
    c.iopub_for(a)
    time.sleep(0.15)
    a = kc.execute("1/0", stop_on_error=False)
    b = kc.execute("print('runs')")
    ra, rb = c.reply_for(a), c.reply_for(b)
    iob = c.iopub_for(b)
    check("stop_on_error=false: next cell runs",
          rb and rb["content"]["status"] == "ok" and streams(iob) == "runs\n", rb and rb["content"])
    c.iopub_for(a)


def test_complete_inspect(c):
    c.execute("counter_value = 5")
    code = "count"
    mid = c.kc.complete(code, len(code))
    r = c.reply_for(mid)
    io = c.iopub_for(mid)
    envelope_ok("complete", r, io, "complete_reply", mid)
    ct = r["content"] if r else {}
    check("complete: expected match, cursor_start <= cursor_end == cursor_pos",
          ct.get("status") == "ok" and "counter_value" in ct.get("matches", [])
          and ct.get("cursor_start") == 0 and ct.get("cursor_end") == 5
          and isinstance(ct.get("metadata"), dict), ct)
    code = "\U0001d41a\U0001d41a = 1\ncount"   # astral characters: 2 code points, 8 bytes
    mid = c.kc.complete(code, len(code))
    ct = (c.reply_for(mid) or {}).get("content", {})
    c.iopub_for(mid)
    check("complete: offsets in code points (astral plane)",
          ct.get("cursor_start") == len(code) - 5 and ct.get("cursor_end") == len(code)
          and "counter_value" in ct.get("matches", []), ct)
    mid = c.kc.complete("zzqqxx_nothing", 14)
    ct = (c.reply_for(mid) or {}).get("content", {})
    c.iopub_for(mid)
    check("complete: no candidates -> empty matches", ct.get("status") == "ok"
          and ct.get("matches") == [], ct)
    mid = c.kc.inspect("print", 3, 0)
    r = c.reply_for(mid)
    io = c.iopub_for(mid)
    envelope_ok("inspect", r, io, "inspect_reply", mid)
    ct = r["content"] if r else {}
    check("inspect: found with text/plain", ct.get("status") == "ok" and ct.get("found") is True
          and ct.get("data", {}).get("text/plain"), ct)
    mid = c.kc.inspect("zzqqxx_nothing", 3, 1)
    ct = (c.reply_for(mid) or {}).get("content", {})
    c.iopub_for(mid)
    check("inspect: unknown -> found false, data {}", ct.get("found") is False
          and ct.get("data") == {}, ct)


def test_is_complete_history(c):
    for code, want, indent in (("x = 1", "complete", None), ("for i in range(3):", "incomplete", "    "),
                               ("x = )", "invalid", None)):
        mid = c.kc.is_complete(code)
        r = c.reply_for(mid)
        io = c.iopub_for(mid)
        ct = r["content"] if r else {}
        check("is_complete: %r -> %s" % (code, want), ct.get("status") == want
              and (indent is None and "indent" not in ct or ct.get("indent") == indent), ct)
    envelope_ok("is_complete", r, io, "is_complete_reply", mid)
    mid = c.kc.history(hist_access_type="tail", n=3, output=False, raw=True)
    r = c.reply_for(mid)
    io = c.iopub_for(mid)
    envelope_ok("history", r, io, "history_reply", mid)
    h = r["content"].get("history") if r else None
    check("history: tail n=3 -> [session, line, input] triples",
          isinstance(h, list) and len(h) == 3
          and all(len(e) == 3 and isinstance(e[1], int) and isinstance(e[2], str) for e in h)
          and h[-1][2] == "counter_value = 5", h)
    mid = c.kc.history(hist_access_type="search", pattern="counter*", n=5, output=False, raw=True)
    h = (c.reply_for(mid) or {}).get("content", {}).get("history")
    c.iopub_for(mid)
    check("history: search by pattern", h and h[-1][2] == "counter_value = 5", h)


def test_comms_unknown(c):
    mid = c.kc.comm_info()
    r = c.reply_for(mid)
    io = c.iopub_for(mid)
    envelope_ok("comm_info", r, io, "comm_info_reply", mid)
    check("comm_info: comms {}", r and r["content"] == {"status": "ok", "comms": {}},
          r and r["content"])
    mid = c.send("shell", "comm_open", {"comm_id": "c0ffee", "target_name": "no.such.target",
                                        "data": {}})
    io = c.iopub_for(mid)
    cc = [m for m in io if m["msg_type"] == "comm_close"]
    check("comm_open to unknown target -> comm_close on IOPub",
          len(cc) == 1 and cc[0]["content"].get("comm_id") == "c0ffee", types(io))
    mid = c.send("shell", "no_such_request", {"x": 1})
    io = c.iopub_for(mid)
    r = c.reply_for(mid, timeout=0.5)
    check("unknown msg_type: no reply, busy/idle", r is None and types(io) == ["status", "status"],
          types(io))


def test_stdin(c):
    kc = c.kc
    mid = kc.execute("name = input('name? ')\nprint('got ' + name)", allow_stdin=True)
    try:
        req = kc.get_stdin_msg(timeout=T)
    except queue.Empty:
        req = None
    check("stdin: input_request with prompt, password false, execute as parent",
          req and req["msg_type"] == "input_request"
          and req["content"] == {"prompt": "name? ", "password": False}
          and req["parent_header"].get("msg_id") == mid, req and req["content"])
    if req:
        kc.input("Ada")
    r = c.reply_for(mid)
    io = c.iopub_for(mid)
    check("stdin: the value reaches the code", r and r["content"]["status"] == "ok"
          and streams(io) == "got Ada\n", (r and r["content"].get("status"), streams(io)))
    r, io = c.execute("name = input('name? ')", allow_stdin=False)
    check("stdin: allow_stdin=false fails at once", r and r["content"]["status"] == "error",
          r and r["content"])
    # an interrupt while waiting for input aborts the read
    mid = kc.execute("name = input('name? ')", allow_stdin=True)
    try:
        kc.get_stdin_msg(timeout=T)
    except queue.Empty:
        pass
    c.km.interrupt_kernel()
    r = c.reply_for(mid, timeout=5)
    c.iopub_for(mid)
    check("stdin: interrupt during input ends the cell", r and r["content"]["status"] == "error",
          r and r["content"])


def test_interrupt(c, mode):
    c.execute("keep = 7")
    mid = c.kc.execute("while True: pass")
    time.sleep(0.3)
    t0 = time.time()
    if mode == "message":
        iid = c.send("control", "interrupt_request")
        ir = c.reply_for(iid, "control", timeout=5)
        check("interrupt (message): interrupt_reply status ok during a long cell",
              ir and ir["content"].get("status") == "ok", ir and ir["content"])
    else:
        c.km.interrupt_kernel()
    r = c.reply_for(mid, timeout=10)
    dt = time.time() - t0
    io = c.iopub_for(mid)
    check("interrupt (%s): long cell stops with an error" % mode,
          r and r["content"]["status"] == "error" and "Interrupt" in r["content"].get("ename", ""),
          r and r["content"])
    check("interrupt (%s): idle after" % mode, io and io[-1]["msg_type"] == "status"
          and io[-1]["content"]["execution_state"] == "idle", types(io))
    info("interrupt latency (%s): %.1f ms" % (mode, dt * 1000))
    r, io = c.execute("keep")
    check("interrupt (%s): state survives" % mode,
          r and r["content"]["status"] == "ok" and any(m["msg_type"] == "execute_result"
                                                        and m["content"]["data"]["text/plain"] == "7"
                                                        for m in io), r and r["content"])
    if mode == "signal":
        c.km.interrupt_kernel()
        time.sleep(0.2)
        r, io = c.execute("keep")
        check("interrupt (signal): harmless when idle",
              c.km.is_alive() and r and r["content"]["status"] == "ok", r and r["content"])


def sign(key, parts):
    h = hmac.new(key, digestmod=hashlib.sha256)
    for p in parts:
        h.update(p)
    return h.hexdigest().encode()


def test_heartbeat_raw(km, c):
    check("heartbeat: is_beating", c.kc.hb_channel.is_beating())
    ci = km.get_connection_info()
    key = ci["key"] if isinstance(ci["key"], bytes) else ci["key"].encode()
    ctx = zmq.Context()
    ep = lambda port: "tcp://%s:%d" % (ci["ip"], port)  # noqa: E731
    hb = ctx.socket(zmq.REQ)
    hb.linger = 0
    hb.connect(ep(ci["hb_port"]))
    times = []
    ok = True
    for i in range(20):
        t0 = time.time()
        hb.send(b"ping %d" % i)
        if not hb.poll(2000):
            ok = False
            break
        ok = ok and hb.recv() == b"ping %d" % i
        times.append(time.time() - t0)
    check("heartbeat: raw REQ echo", ok)
    if times:
        times.sort()
        info("heartbeat round trip: median %.2f ms" % (times[len(times) // 2] * 1000))

    sub = ctx.socket(zmq.SUB)
    sub.linger = 0
    sub.setsockopt(zmq.SUBSCRIBE, b"")
    sub.connect(ep(ci["iopub_port"]))
    dealer = ctx.socket(zmq.DEALER)
    dealer.linger = 0
    dealer.setsockopt(zmq.IDENTITY, b"raw-test-client")
    dealer.connect(ep(ci["shell_port"]))
    time.sleep(0.3)  # let the SUB subscription reach the kernel

    def frames(msg_type, content=b"{}", bad_sig=None):
        header = json.dumps({"msg_id": uuid.uuid4().hex, "session": "raw", "username": "t",
                             "date": "2026-01-01T00:00:00.000000Z", "msg_type": msg_type,
                             "version": "5.3"}).encode()
        parts = [header, b"{}", b"{}", content]
        sig = sign(key, parts) if bad_sig is None else bad_sig
        return [b"<IDS|MSG>", sig] + parts, json.loads(header)["msg_id"]

    def recv_reply(timeout_ms=1000):
        if not dealer.poll(timeout_ms):
            return None
        return dealer.recv_multipart()

    fr, mid = frames("kernel_info_request")
    dealer.send_multipart(fr)
    rep = recv_reply(3000)
    good = (rep is not None and rep[0] == b"<IDS|MSG>" and len(rep) == 6
            and rep[1] == sign(key, rep[2:6]) and json.loads(rep[3]).get("msg_id") == mid)
    check("raw wire: hand-signed request answered; [<IDS|MSG>, sig, 4 dicts], signature verifies",
          good, rep and [f[:60] for f in rep])
    seen = []
    while sub.poll(300):
        seen.append(sub.recv_multipart())
    st = [f for f in seen if len(f) >= 7 and json.loads(f[4]).get("msg_id") == mid]
    check("raw wire: IOPub [topic, <IDS|MSG>, sig, 4 dicts], signed",
          st and all(f[1] == b"<IDS|MSG>" and f[2] == sign(key, f[3:7]) and len(f) == 7 for f in st)
          and st[0][0].startswith(b"kernel."), [f[:2] for f in seen[:3]])
    for what, sig in (("bad", b"0" * 64), ("missing", b""), ("uppercase-hex forged", b"A" * 64)):
        fr, mid = frames("kernel_info_request", bad_sig=sig)
        dealer.send_multipart(fr)
        check("raw wire: %s signature -> no reply" % what, recv_reply(500) is None)
    # garbage: the kernel must survive all of it
    garbage = [
        [b"hello"], [b"<IDS|MSG>"], [b"<IDS|MSG>", b"sig", b"{}"], [b"\xff" * 100, b"<IDS|MSG>"],
        frames("kernel_info_request", content=b"{not json")[0],
        frames("kernel_info_request", content=b"[1,2]")[0],
        frames("kernel_info_request", content=b'{"a": "\xff\xfe"}')[0],
    ]
    hdr = b'{"msg_type": 5}'
    garbage.append([b"<IDS|MSG>", sign(key, [hdr, b"{}", b"{}", b"{}"]), hdr, b"{}", b"{}", b"{}"])
    hdr = b"[]"
    garbage.append([b"<IDS|MSG>", sign(key, [hdr, b"{}", b"{}", b"{}"]), hdr, b"{}", b"{}", b"{}"])
    big = b'{"code": "' + b"x" * (4 << 20) + b'"}'
    garbage.append(frames("is_complete_request", content=big)[0])
    for i in range(200):
        garbage.append([os.urandom(i % 40) for _ in range(1 + i % 9)])
    for g in garbage:
        dealer.send_multipart(g)
    ctl = ctx.socket(zmq.DEALER)
    ctl.linger = 0
    ctl.connect(ep(ci["control_port"]))
    for g in garbage[:50]:
        ctl.send_multipart(g)
    time.sleep(0.5)
    while dealer.poll(100):
        dealer.recv_multipart()  # the big is_complete may be answered
    fr, mid = frames("kernel_info_request")
    dealer.send_multipart(fr)
    # replies to the garbage that was valid (the big is_complete) may still come first on a loaded machine
    end, rep = time.time() + 10, None
    while time.time() < end:
        r = recv_reply(int(max(1, end - time.time()) * 1000))
        if r is None:
            break
        try:
            if len(r) >= 4 and json.loads(r[3]).get("msg_id") == mid:
                rep = r
                break
        except ValueError:
            pass
    check("fuzz: %d garbage messages on shell+control, kernel still answers" % (len(garbage) + 50),
          km.is_alive() and rep is not None)
    for s in (hb, sub, dealer, ctl):
        s.close()
    ctx.term()


def test_raw_start(kernel, tmp):
    """Process start to kernel_info_reply, without jupyter_client's launcher in the way."""
    from jupyter_client.connect import write_connection_file
    cf, info_ = write_connection_file(os.path.join(tmp, "raw-conn.json"), key=b"raw-key")
    ctx = zmq.Context()
    d = ctx.socket(zmq.DEALER)
    d.linger = 0
    d.setsockopt(zmq.RECONNECT_IVL, 2)  # the kernel binds after we connect: retry often
    d.connect("tcp://%s:%d" % (info_["ip"], info_["shell_port"]))
    header = json.dumps({"msg_id": uuid.uuid4().hex, "session": "raw", "username": "t",
                         "date": "2026-01-01T00:00:00Z", "msg_type": "kernel_info_request",
                         "version": "5.3"}).encode()
    parts = [header, b"{}", b"{}", b"{}"]
    t0 = time.time()
    p = subprocess.Popen([kernel, "-f", cf], stderr=subprocess.DEVNULL)
    d.send_multipart([b"<IDS|MSG>", sign(b"raw-key", parts)] + parts)
    got = d.poll(10000)
    dt = time.time() - t0
    check("launch: raw start to kernel_info_reply", got and p.poll() is None)
    info("process start to kernel_info_reply: %.0f ms" % (dt * 1000))
    p.send_signal(2)   # SIGINT while idle, then SIGTERM: exits cleanly
    time.sleep(0.1)
    p.terminate()
    try:
        code = p.wait(3)
    except subprocess.TimeoutExpired:
        p.kill()
        code = "hung"
    check("launch: survives SIGINT, exits 0 on SIGTERM", code == 0, code)
    d.close()
    ctx.term()


def test_restart(km, c):
    mid = c.kc.kernel_info()
    r = c.reply_for(mid)
    c.iopub_for(mid)
    sess0 = r["header"]["session"] if r else None
    t0 = time.time()
    km.restart_kernel(now=False)
    c.kc.wait_for_ready(timeout=15)
    info("restart: %.2f s" % (time.time() - t0))
    c.drain_iopub(0.2)
    c.pending = []
    mid = c.kc.kernel_info()
    r = c.reply_for(mid)
    c.iopub_for(mid)
    check("restart: kernel answers with a new session id",
          r is not None and r["header"]["session"] != sess0, r and r["header"]["session"])
    r, io = c.execute("keep")
    check("restart: state is gone", r and r["content"]["status"] == "error", r and r["content"])
    check("restart: count back to 1", r and r["content"].get("execution_count") == 1,
          r and r["content"])


def test_shutdown(km, c):
    proc = km.provisioner.process if km.provisioner else None
    mid = c.send("control", "shutdown_request", {"restart": False})
    r = c.reply_for(mid, "control", timeout=5)
    check("shutdown: shutdown_reply {status: ok, restart: false} on control",
          r and r["content"] == {"status": "ok", "restart": False}, r and r["content"])
    io = c.iopub_for(mid, timeout=2)
    check("shutdown: shutdown_reply broadcast on IOPub",
          any(m["msg_type"] == "shutdown_reply" for m in io), types(io))
    t0 = time.time()
    code = None
    while time.time() - t0 < 2.5:
        code = proc.poll() if proc else None
        if code is not None:
            break
        time.sleep(0.02)
    check("shutdown: process exits by itself with status 0", code == 0, code)
    info("shutdown: exit after %.0f ms" % ((time.time() - t0) * 1000))
    c.stop()
    km.shutdown_kernel(now=True)


def test_notebooks(tmp):
    try:
        import nbformat
        from nbclient import NotebookClient
        from nbclient.exceptions import CellExecutionError
    except ImportError:
        skip("notebook (nbclient)", "nbclient/nbformat not available")
        return
    v4 = nbformat.v4
    nb = v4.new_notebook()
    nb.cells = [v4.new_code_cell("print('hello from a notebook')"),
                v4.new_code_cell(SNIP["display"] if SUPPORTS.get("display") else "y = 2"),
                v4.new_code_cell("6*7"),
                v4.new_code_cell("1/0", metadata={"tags": ["raises-exception"]})]
    t0 = time.time()
    try:
        NotebookClient(nb, kernel_name="flyi", timeout=30,
                       resources={"metadata": {"path": tmp}}).execute()
        err = None
    except Exception as e:  # noqa: BLE001
        err = e
    info("nbclient: 4-cell notebook in %.2f s" % (time.time() - t0))
    check("notebook: nbclient runs a 4-cell notebook", err is None, repr(err))
    check("notebook: execution counts [1, 2, 3, 4]",
          [cell.execution_count for cell in nb.cells] == [1, 2, 3, 4],
          [cell.execution_count for cell in nb.cells])
    o = [cell.outputs for cell in nb.cells]
    check("notebook: outputs (stream, display, result, error)",
          o[0] and o[0][0].output_type == "stream" and o[0][0].text == "hello from a notebook\n"
          and o[2] and o[2][0].output_type == "execute_result"
          and o[2][0].data.get("text/plain") == "42"
          and o[3] and o[3][0].output_type == "error" and o[3][0].ename == "ZeroDivisionError",
          o)
    if o[1] and o[1][0].output_type == "display_data":
        check("notebook: display_data keeps image/svg+xml", "image/svg+xml" in o[1][0].data)
    else:
        skip("notebook: display_data", "engine has no display()")
    check("notebook: language_info copied into metadata",
          nb.metadata.get("language_info", {}).get("name") == "python", nb.metadata)
    nb2 = v4.new_notebook()
    nb2.cells = [v4.new_code_cell("1/0"), v4.new_code_cell("print('not reached')")]
    try:
        NotebookClient(nb2, kernel_name="flyi", timeout=30,
                       resources={"metadata": {"path": tmp}}).execute()
        raised = False
    except CellExecutionError:
        raised = True
    except Exception as e:  # noqa: BLE001
        raised = repr(e)
    check("notebook: untagged error raises CellExecutionError", raised is True, raised)


# What the engine turned out to support (found by the protocol checks).
SUPPORTS = {}

# Snippets in the language of the engine (Python syntax).
SNIP = {
    "stderr": "import sys\nprint('hello stderr', file=sys.stderr)",
    "fd_write": "import posix\n_ = posix.write(1, b'fd out\\n')",
    "display": "from IPython.display import display, SVG\n"
               "display(SVG('<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\">"
               "<rect width=\"10\" height=\"10\"/></svg>'))",
}


def main():
    if len(sys.argv) < 2:
        print("usage: test_protocol.py /abs/path/to/flyi-kernel", file=sys.stderr)
        return 2
    kernel = os.path.abspath(sys.argv[1])
    tmp = tempfile.mkdtemp(prefix="flyi-jupyter-")
    os.environ["JUPYTER_RUNTIME_DIR"] = os.path.join(tmp, "runtime")
    os.environ["JUPYTER_DATA_DIR"] = os.path.join(tmp, "data")
    os.environ.setdefault("JUPYTER_PLATFORM_DIRS", "0")
    t_all = time.time()
    try:
        if not install_specs(kernel, tmp):
            return 1
        test_raw_start(kernel, tmp)
        km, c, dt = start("flyi")
        check("launch: kernel starts and answers (wait_for_ready)", km.is_alive())
        info("start to ready: %.0f ms" % (dt * 1000))
        cf = json.load(open(km.connection_file))
        check("launch: connection file has the 9 fields",
              {"shell_port", "iopub_port", "stdin_port", "control_port", "hb_port", "ip", "key",
               "transport", "signature_scheme"} <= set(cf), sorted(cf))
        for f in (test_kernel_info, lambda c: test_execute(c, SNIP), test_display.test_rich_display,
                  test_display.test_display_ids,
                  test_error, test_counts,
                  test_user_expressions, test_stop_on_error, test_complete_inspect,
                  test_is_complete_history, test_comms_unknown, test_stdin,
                  lambda c: test_interrupt(c, "signal")):
            try:
                f(c)
            except Exception as e:  # noqa: BLE001
                check("no exception in %s" % getattr(f, "__name__", "test"), False, repr(e))
        try:
            test_heartbeat_raw(km, c)
            if os.environ.get("FLYI_JUPYTER_SOAK", "1") != "0":
                import soak
                soak.run(km, c)
            test_restart(km, c)
            # kernels launched here start the emulator's threads: after the soak's fd/thread counts
            test_kernels.test_set_next_input(c, tmp)
            test_kernels.test_kernel_cells(c)
            test_kernels.test_kernel_interrupt(c)
            test_kernels.test_kernel_fault(c)
            test_display.test_profile_and_source(c)
            test_shutdown(km, c)
        except Exception as e:  # noqa: BLE001
            check("no exception in heartbeat/raw/restart/shutdown", False, repr(e))
        if km.is_alive():
            km.shutdown_kernel(now=True)

        km, c, dt = start("flyi-msg")
        try:
            test_interrupt(c, "message")
            mid = c.kc.execute("while True: pass")
            time.sleep(0.2)
            kid = c.send("control", "kernel_info_request")
            t0 = time.time()
            r = c.reply_for(kid, "control", timeout=3)
            check("control: kernel_info answered during a long cell", r is not None)
            info("control kernel_info during a cell: %.1f ms" % ((time.time() - t0) * 1000))
            iid = c.send("control", "interrupt_request")
            c.reply_for(iid, "control", timeout=3)
            c.reply_for(mid, timeout=5)
        except Exception as e:  # noqa: BLE001
            check("no exception in message-mode tests", False, repr(e))
        c.stop()
        t0 = time.time()
        km.shutdown_kernel()
        check("shutdown: KernelManager.shutdown_kernel() (interrupt, request, wait)",
              not km.is_alive() and time.time() - t0 < 2.4, time.time() - t0)
        info("shutdown_kernel(): %.0f ms" % ((time.time() - t0) * 1000))

        test_notebooks(tmp)
        test_display.test_layouts_notebook(tmp)
        test_kernels.test_hello_notebook(tmp)
        test_kernels.test_pipeline_notebook(tmp)
        test_kernels.test_library_notebook(tmp)
        test_browser.test_browser(tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    info("total %.1f s" % (time.time() - t_all))
    print(jk.summary())
    return 1 if jk.FAILED else 0


if __name__ == "__main__":
    sys.exit(main())
