"""GPU kernels through flyi-kernel: %load's set_next_input payload, a layout as the cell's value,
%ir/%isa after flyc.compile, the compiled-kernel HTML view, device printf in order with the cell's
prints, an interrupt during a long emulated launch, and examples/notebooks/hello_kernel.ipynb run
by nbclient. Called from test_protocol.py (Debian's /usr/bin/python3)."""
import os
import time

from jk import check, info, skip, streams, types

HERE = os.path.dirname(os.path.abspath(__file__))
NOTEBOOK = os.path.join(HERE, "..", "..", "examples", "notebooks", "hello_kernel.ipynb")

HELLO = """import flydsl.compiler as flyc
import flydsl.expr as fx

@flyc.kernel
def hello():
    fx.printf("hello from block {} thread {}", fx.block_idx.x, fx.thread_idx.x)

@flyc.jit
def run_hello():
    hello().launch(grid=1, block=[4])
"""

# A grid far too big to finish: the launch runs until interrupted.
SPIN = """@flyc.kernel
def spin(n: fx.Int32):
    x = fx.thread_idx.x * n + fx.block_idx.x
    y = x * 3 + 1

@flyc.jit
def run_spin(n):
    spin(n).launch(grid=(100000000, 100), block=256)
"""


def _only(io, msg_type):
    return [m["content"] for m in io if m["msg_type"] == msg_type]


def test_set_next_input(c, tmp):
    path = os.path.join(tmp, "snippet_load.py")
    text = "def sq(x):\n    return x * x\n\nsq(7)\n"
    with open(path, "w") as f:
        f.write(text)
    r, io = c.execute("%%load %s" % path)
    payload = r["content"].get("payload") if r else None
    check("%load: execute_reply payload set_next_input with the file's text, replace false",
          r and r["content"]["status"] == "ok"
          and payload == [{"source": "set_next_input", "text": text, "replace": False}],
          r and r["content"])
    check("%load: no output in the cell", not _only(io, "stream") and not _only(io, "execute_result"),
          types(io))
    r, io = c.execute("1 + 1")
    check("%load: the next reply has an empty payload", r and r["content"].get("payload") == [],
          r and r["content"])


def test_kernel_cells(c):
    # a layout as the last expression: the picture and its text
    r, io = c.execute("import flydsl.expr as fx\nfx.make_layout((4, 2), (1, 4))")
    res = _only(io, "execute_result")
    data = res[0]["data"] if res else {}
    check("layout as the cell's value -> execute_result image/svg+xml + text/plain Layout<...>",
          len(res) == 1 and "<svg" in data.get("image/svg+xml", "")
          and data.get("text/plain", "").startswith("Layout<(4,2):(1,4)>"),
          (r and r["content"].get("evalue"), {k: v[:80] for k, v in data.items()}))
    # device printf in the cell that launched it, in order with the cell's own prints
    r, io = c.execute(HELLO + "print('before')\nrun_hello()\nprint('after')\n")
    want = "before\n" + "".join("hello from block 0 thread %d\n" % t for t in range(4)) + "after\n"
    out = streams(io, "stdout")
    check("device printf: stdout stream messages in the launching cell, in order with print()",
          r and r["content"]["status"] == "ok" and out == want, (r and r["content"].get("evalue"), out))
    # %ir, %isa after a compile
    r, io = c.execute("k = flyc.compile(run_hello)")
    check("flyc.compile in a cell", r and r["content"]["status"] == "ok", r and r["content"])
    r, io = c.execute("%ir")
    out = streams(io, "stdout")
    check("%ir in a cell: stream text with the stage list",
          r and r["content"]["status"] == "ok" and "hello for gfx9" in out and "00_origin" in out
          and "changed" in out and "final_isa" in out, out[:300])
    r, io = c.execute("%isa")
    out = streams(io, "stdout")
    check("%isa in a cell: the ISA with s_endpgm", "s_endpgm" in out and "hello:" in out, out[-300:])
    r, io = c.execute("%stats")
    check("%stats in a cell: the register budget", "vgpr" in streams(io, "stdout").lower(),
          streams(io)[:300])
    # the compiled kernel as the last expression
    r, io = c.execute("k")
    res = _only(io, "execute_result")
    html = res[0]["data"].get("text/html", "") if res else ""
    check("compiled kernel as the cell's value -> text/html with the stage list + text/plain",
          len(res) == 1 and "text/plain" in res[0]["data"] and "<details" in html
          and "00_origin" in html and "final_isa" in html and "s_endpgm" in html,
          (r and r["content"].get("evalue"), html[:300]))


def test_kernel_interrupt(c):
    r, io = c.execute(SPIN + "keep_k = 11\n")
    check("interrupt during a launch: the spinning kernel is defined", r and r["content"]["status"] == "ok",
          r and r["content"])
    mid = c.kc.execute("print('launching')\nrun_spin(3)\nprint('not reached')")
    time.sleep(0.8)
    t0 = time.time()
    c.km.interrupt_kernel()
    r = c.reply_for(mid, timeout=10)
    dt = time.time() - t0
    io = c.iopub_for(mid)
    check("interrupt during an emulated launch: KeyboardInterrupt within 3 s",
          r and r["content"]["status"] == "error" and r["content"].get("ename") == "KeyboardInterrupt"
          and dt < 3, (dt, r and r["content"]))
    check("interrupt during an emulated launch: the cell's output stops at the launch",
          streams(io, "stdout") == "launching\n", streams(io))
    info("interrupt latency (emulated launch): %.1f ms" % (dt * 1000))
    r, io = c.execute("print(keep_k)\nrun_hello()")
    check("interrupt during an emulated launch: state intact, kernels launch again",
          r and r["content"]["status"] == "ok"
          and streams(io, "stdout") == "11\n" + "".join("hello from block 0 thread %d\n" % t
                                                        for t in range(4)),
          (r and r["content"], streams(io)))


FAULT = """@flyc.kernel
def kdiv(a: fx.Tensor, n: fx.Int32):
    t = fx.thread_idx.x
    a[t] = 100 // (t - n)

@flyc.kernel
def ktrap(a: fx.Tensor, n: fx.Int32):
    a[fx.thread_idx.x] = 100 // (fx.thread_idx.x - n)

@flyc.jit
def run_fault(k, a, n):
    k(a, n).launch(grid=1, block=4)

import torch
fa = torch.zeros(4, dtype=torch.int32, device="cuda")
keep_f = 12
"""


def test_kernel_fault(c):
    r, io = c.execute(FAULT)
    check("kernel fault: the kernels are defined", r and r["content"]["status"] == "ok", r and r["content"])
    for cell, want in [("run_fault(kdiv, fa, 2)",
                        "integer division by zero: kernel 'kdiv' block (0,0,0) thread (2,0,0): 32-bit signed "
                        "division at "),
                       ("import os\nos.environ['FLYI_EMU_DIVCHECK'] = '0'\nrun_fault(ktrap, fa, 1)",
                        "fault: kernel 'ktrap' block (0,0,0) thread (1,0,0): SIGFPE: integer division by zero "
                        "(in code the emulator's checks do not cover)")]:
        r, io = c.execute(cell)
        check("kernel fault (%s): flyc.KernelError, the kernel goes on" % cell.split("\n")[-1],
              r and r["content"]["status"] == "error" and r["content"].get("ename") == "KernelError"
              and r["content"].get("evalue", "").startswith(want), r and r["content"])
    r, io = c.execute("os.environ['FLYI_EMU_DIVCHECK'] = '1'\nrun_fault(kdiv, fa, 10)\nprint(keep_f, fa.tolist())\nrun_hello()")
    check("kernel fault: state intact, kernels launch again",
          r and r["content"]["status"] == "ok"
          and streams(io, "stdout") == "12 [-10, -12, -13, -15]\n" + "".join(
              "hello from block 0 thread %d\n" % t for t in range(4)), (r and r["content"], streams(io)))


def test_hello_notebook(tmp):
    """Run examples/notebooks/hello_kernel.ipynb headlessly and check its outputs."""
    try:
        import nbformat
        from nbclient import NotebookClient
    except ImportError:
        skip("notebook hello_kernel.ipynb", "nbclient/nbformat not available")
        return
    nb = nbformat.read(NOTEBOOK, as_version=4)
    check("notebook hello_kernel.ipynb: committed with outputs cleared",
          all(not c.get("outputs") and c.get("execution_count") is None
              for c in nb.cells if c.cell_type == "code"))
    t0 = time.time()
    try:
        NotebookClient(nb, kernel_name="flyi", timeout=30,
                       resources={"metadata": {"path": tmp}}).execute()
        err = None
    except Exception as e:  # noqa: BLE001
        err = e
    info("nbclient: hello_kernel.ipynb in %.2f s" % (time.time() - t0))
    check("notebook hello_kernel.ipynb: runs without error", err is None, repr(err)[:400])
    outs = {}
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        text = "".join(o.text for o in cell.outputs if o.output_type == "stream" and o.name == "stdout")
        mimes = set()
        for o in cell.outputs:
            if o.output_type in ("display_data", "execute_result"):
                mimes |= set(o.data)
        tag = (cell.metadata.get("tags") or [""])[0]
        outs[tag] = (text, mimes, [o.output_type for o in cell.outputs])
    hello = "".join("hello from block %d thread %d\n" % (b, t) for b in range(2) for t in range(4))
    checks = [
        ("layout", lambda t, m, k: "image/svg+xml" in m and "text/plain" in m),
        ("hello", lambda t, m, k: t == hello + "launched 2 blocks of 4\n"),
        ("vadd", lambda t, m, k: t == "vadd matches torch: True\n"),
        ("ir", lambda t, m, k: "00_origin" in t and "final_isa" in t),
        ("stats", lambda t, m, k: "vgpr" in t.lower()),
        ("kernel", lambda t, m, k: "text/html" in m),
    ]
    for tag, ok in checks:
        got = outs.get(tag)
        check("notebook hello_kernel.ipynb: cell '%s' outputs" % tag, got is not None and ok(*got),
              got and (got[0][:300], sorted(got[1]), got[2]))


PIPELINE = os.path.join(HERE, "..", "..", "examples", "notebooks", "reading_the_pipeline.ipynb")


def run_tagged_notebook(path, tmp, timeout):
    """Runs the notebook at path headlessly (checking it is committed with outputs cleared); its code cells'
    outputs by tag, as (stdout text, display data, output kinds), or None when nbclient is missing."""
    fname = os.path.basename(path)
    name = "notebook " + fname
    try:
        import nbformat
        from nbclient import NotebookClient
    except ImportError:
        skip(name, "nbclient/nbformat not available")
        return None
    nb = nbformat.read(path, as_version=4)
    check(name + ": committed with outputs cleared",
          all(not c.get("outputs") and c.get("execution_count") is None
              for c in nb.cells if c.cell_type == "code"))
    t0 = time.time()
    try:
        NotebookClient(nb, kernel_name="flyi", timeout=timeout,
                       resources={"metadata": {"path": tmp}}).execute()
        err = None
    except Exception as e:  # noqa: BLE001
        err = e
    info("nbclient: %s in %.2f s" % (fname, time.time() - t0))
    check(name + ": runs without error", err is None, repr(err)[:400])
    outs = {}
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        text = "".join(o.text for o in cell.outputs if o.output_type == "stream" and o.name == "stdout")
        data = {}
        for o in cell.outputs:
            if o.output_type in ("display_data", "execute_result"):
                data.update(o.data)
        tag = (cell.metadata.get("tags") or [""])[0]
        outs[tag] = (text, data, [o.output_type for o in cell.outputs])
    return outs


def test_pipeline_notebook(tmp):
    """Run examples/notebooks/reading_the_pipeline.ipynb headlessly and check its outputs."""
    name = "notebook reading_the_pipeline.ipynb"
    outs = run_tagged_notebook(PIPELINE, tmp, 30)
    if outs is None:
        return
    checks = [
        ("compile", lambda t, d, k: t == "compiled\n" and "error" not in k),
        ("stages", lambda t, d, k: "scale for gfx9" in t and "00_origin" in t
         and "03_fly_layout_lowering" in t and "final_isa" in t and "changed" in t),
        ("ir0", lambda t, d, k: "gpu.func @scale" in t and "arith.muli" in t and "arith.mulf" in t),
        ("diff", lambda t, d, k: "--- 00_origin" in t and "+++ 03_fly_layout_lowering" in t
         and any(ln.startswith("+ ") or ln.startswith("-  ") for ln in t.splitlines())),
        ("isa", lambda t, d, k: "scale:" in t and "s_endpgm" in t),
        ("stats", lambda t, d, k: "vgpr" in t.lower() and "occupancy" in t.lower()),
        ("kernel", lambda t, d, k: "<details" in d.get("text/html", "") and "s_endpgm" in d.get("text/html", "")
         and d.get("text/plain", "").startswith("<CompiledKernel scale")),
    ]
    for tag, ok in checks:
        got = outs.get(tag)
        check(name + ": cell '%s' outputs" % tag, got is not None and ok(*got),
              got and (got[0][:300], sorted(got[1]), got[2]))


LIBRARY = os.path.join(HERE, "..", "..", "examples", "notebooks", "kernel_library.ipynb")


def test_library_notebook(tmp):
    """Run examples/notebooks/kernel_library.ipynb (flyi.kernels checked against torch, a GEMM opened with
    %stats and %isa) headlessly and check its outputs."""
    name = "notebook kernel_library.ipynb"
    tagged = run_tagged_notebook(LIBRARY, tmp, 60)
    if tagged is None:
        return
    outs = {tag: text for tag, (text, _, _) in tagged.items()}
    want = {"setup": "ready\n", "add": "add matches torch: True\n", "softmax": "softmax within 1e-6: True\n",
            "norm": "layer_norm within 1e-5: True\n", "gemm": "gemm within float16 rounding: True\n",
            "compile": "_gemm_tiles uses MFMA: True\n"}
    for tag, text in want.items():
        check(name + ": cell '%s' outputs" % tag, outs.get(tag) == text, outs.get(tag))
    check(name + ": cell 'stats' outputs", "vgpr" in outs.get("stats", "").lower(), outs.get("stats", "")[:300])
    check(name + ": cell 'isa' outputs", "v_mfma" in outs.get("isa", ""), outs.get("isa", "")[:300])
