"""Rich display through flyi-kernel: IPython.display objects, the _repr_*_ protocol on the cell's
last value, fx.utils.show pictures, wurlitzer, the compiled-kernel HTML view, and the example
notebook examples/notebooks/layouts.ipynb run by nbclient with its outputs compared to
layouts_expected.json. Called from test_protocol.py (Debian's /usr/bin/python3)."""
import base64
import json
import os
import time

from jk import check, info, skip, streams

HERE = os.path.dirname(os.path.abspath(__file__))
NOTEBOOK = os.path.join(HERE, "..", "..", "examples", "notebooks", "layouts.ipynb")
EXPECTED = os.path.join(HERE, "layouts_expected.json")

SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'
PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01"


def _only(io, msg_type):
    return [m["content"] for m in io if m["msg_type"] == msg_type]


def test_rich_display(c):
    # IPython.display.display(SVG(...)): one display_data, svg + text/plain, no execute_result
    r, io = c.execute("from IPython.display import display, SVG, HTML, Markdown, Code, Image, JSON\n"
                      "display(SVG(%r))" % ('<?xml version="1.0"?>\n' + SVG))
    dd = _only(io, "display_data")
    check("display: IPython.display.display(SVG(...)) -> display_data image/svg+xml + text/plain",
          r and r["content"]["status"] == "ok" and len(dd) == 1 and not _only(io, "execute_result")
          and dd[0]["data"].get("image/svg+xml") == SVG
          and dd[0]["data"].get("text/plain") == "<IPython.core.display.SVG object>"
          and dd[0]["metadata"] == {}, (r and r["content"].get("evalue"), dd))
    # fx.utils.show(L): svg + the text grid as text/plain
    r, io = c.execute("import flydsl.expr as fx\nL = fx.make_layout((2, 3), (3, 1))\nfx.utils.show(L)\n"
                      "print(fx.utils.layout_text(L), end='')")
    dd = _only(io, "display_data")
    grid = streams(io, "stdout")
    check("display: fx.utils.show(L) -> display_data image/svg+xml + text/plain (the grid)",
          len(dd) == 1 and "<svg" in dd[0]["data"].get("image/svg+xml", "")
          and grid.startswith("Layout<(2,3):(3,1)>") and dd[0]["data"].get("text/plain") == grid.rstrip("\n"),
          (r and r["content"].get("evalue"), dd and list(dd[0]["data"]), grid))
    # the cell's last value: _repr_html_ / _repr_svg_ / _repr_pretty_ honoured in execute_result
    r, io = c.execute("class H:\n"
                      "    def _repr_html_(self): return '<b>h</b>'\n"
                      "    def _repr_svg_(self): return %r\n"
                      "    def _repr_pretty_(self, p, cycle): p.text('H pretty')\n"
                      "H()" % SVG)
    res = _only(io, "execute_result")
    check("display: execute_result of an object with _repr_html_/_repr_svg_/_repr_pretty_",
          len(res) == 1 and res[0]["data"] == {"text/html": "<b>h</b>", "image/svg+xml": SVG,
                                                "text/plain": "H pretty"}
          and res[0]["execution_count"] == (r and r["content"]["execution_count"]), res)
    r, io = c.execute("class R:\n    def _repr_html_(self): return None\n    def __repr__(self): return 'R()'\nR()")
    res = _only(io, "execute_result")
    check("display: a _repr_html_ returning None leaves text/plain only",
          len(res) == 1 and res[0]["data"] == {"text/plain": "R()"}, res)
    # _repr_mimebundle_ wins over the other methods; JSON data is embedded as JSON
    r, io = c.execute("class M:\n"
                      "    def _repr_mimebundle_(self, include=None, exclude=None):\n"
                      "        return {'text/plain': 'M!', 'application/json': {'a': [1, 2]}}\n"
                      "    def _repr_html_(self): return '<p>m</p>'\n"
                      "display(M())")
    dd = _only(io, "display_data")
    check("display: _repr_mimebundle_ + _repr_html_, application/json as JSON",
          len(dd) == 1 and dd[0]["data"] == {"text/plain": "M!", "application/json": {"a": [1, 2]},
                                             "text/html": "<p>m</p>"}, dd)
    # binary data: base64 in the bundle
    r, io = c.execute("display(Image(data=%r))" % PNG)
    dd = _only(io, "display_data")
    check("display: Image(PNG bytes) -> image/png base64",
          len(dd) == 1 and dd[0]["data"].get("image/png") == base64.b64encode(PNG).decode(), dd)
    r, io = c.execute("display(HTML('<i>x</i>'), Markdown('*y*'), Code('a < b', language='python'))")
    dd = _only(io, "display_data")
    check("display: HTML, Markdown, Code -> three display_data in order",
          [sorted(d["data"]) for d in dd] == [["text/html", "text/plain"], ["text/markdown", "text/plain"],
                                              ["text/html", "text/latex", "text/plain"]]
          and dd[0]["data"]["text/html"] == "<i>x</i>" and dd[1]["data"]["text/markdown"] == "*y*"
          and "a &lt; b" in dd[2]["data"]["text/html"] and dd[2]["data"]["text/plain"] == "a < b", dd)
    r, io = c.execute("display({'text/plain': 'raw', 'text/html': '<u>raw</u>'}, raw=True)")
    dd = _only(io, "display_data")
    check("display: raw=True publishes the dict as given",
          len(dd) == 1 and dd[0]["data"] == {"text/plain": "raw", "text/html": "<u>raw</u>"}, dd)
    r, io = c.execute("class Bad:\n    def _repr_html_(self): raise ValueError('no html')\nBad()")
    check("display: a raising _repr_html_ is the cell's error",
          r and r["content"]["status"] == "error" and r["content"]["ename"] == "ValueError", r and r["content"])
    # wurlitzer: pipes() captures what the block prints; sys_pipes() passes it through
    r, io = c.execute("import wurlitzer, sys\n"
                      "with wurlitzer.pipes() as (out, err):\n"
                      "    print('inside')\n    print('oops', file=sys.stderr)\n"
                      "print(out.read().upper(), end='')\nprint(err.read(), end='')\n"
                      "with wurlitzer.sys_pipes():\n    print('through')")
    check("wurlitzer: pipes() yields readable buffers; sys_pipes() passes output through",
          r and r["content"]["status"] == "ok" and streams(io, "stdout") == "INSIDE\noops\nthrough\n"
          and streams(io, "stderr") == "", (r and r["content"].get("evalue"), streams(io)))
    # the compiled-kernel view (synthetic data) through _repr_html_
    r, io = c.execute("import _flyi_display\n"
                      "class K:\n"
                      "    def _repr_html_(self):\n"
                      "        return _flyi_display.kernel_html('k<0>', [('origin', 0.5, True, 'a < b'),\n"
                      "            ('canonicalize', 0.25, False, 'a < b'), ('lower', None, True, 'c & d')],\n"
                      "            's_endpgm', {'vgpr': 12, 'lds': '0 B'}, 'gfx942')\n"
                      "    def __repr__(self): return '<compiled kernel k>'\n"
                      "K()")
    res = _only(io, "execute_result")
    html = res[0]["data"].get("text/html", "") if res else ""
    check("display: compiled-kernel HTML (stages as <details>, escaped IR, ISA, stats) + text/plain",
          len(res) == 1 and res[0]["data"].get("text/plain") == "<compiled kernel k>"
          and html.count("<details") == 4 and "k&lt;0&gt;" in html and "a &lt; b" in html
          and "c &amp; d" in html and "s_endpgm" in html and ">vgpr<" in html and ">12<" in html
          and "3 stages, 2 changed, 0.75 ms" in html, (r and r["content"].get("evalue"), html[:300]))


PROFILED = ("import torch, flydsl.compiler as flyc, flydsl.expr as fx\n"
            "@flyc.kernel\ndef halves(A: fx.Tensor):\n    t = fx.thread_idx.x\n"
            "    if t % 2 == 0:\n        A[t] = A[t] + 1.0\n\n"
            "@flyc.jit\ndef go(A):\n    halves(A).launch(grid=1, block=64)\n\n"
            "a = torch.zeros(64, device='cuda')")


def test_profile_and_source(c):
    """%profile shows the per-line table as HTML (and text), %isa --source the side-by-side view."""
    r, io = c.execute(PROFILED)
    r, io = c.execute("%profile go(a)")
    res = _only(io, "execute_result")
    data = res[0]["data"] if res else {}
    html, text = data.get("text/html", ""), data.get("text/plain", "")
    check("display: %profile gives the per-line table as HTML and text",
          'class="flyi-profile-table"' in html and "<td>global_load</td><td>32</td><td>0.50</td><td>0.50</td>" in html
          and "A[t] = A[t] + 1.0" in html and "global_store" in text and "if t % 2 == 0:" in text,
          (r and r["content"].get("evalue"), html[:400], text[:400]))
    r, io = c.execute("ck = flyc.compile(go, a, debug_info=True)\n%isa --source")
    shown = _only(io, "display_data")
    data = shown[0]["data"] if shown else {}
    html, text = data.get("text/html", ""), data.get("text/plain", "")
    check("display: %isa --source gives source beside ISA (HTML, one class per line) and the text",
          'class="flyi-source-isa"' in html and 'class="sxl sx0"' in html and ":has(.sx0:hover)" in html
          and "A[t] = A[t] + 1.0" in html and "global_load_dword" in html and text.startswith("<cell")
          and "global_store_dword" in text, (r and r["content"].get("evalue"), html[:300], text[:300]))
    r, io = c.execute("ck")
    res = _only(io, "execute_result")
    html = res[0]["data"].get("text/html", "") if res else ""
    check("display: a kernel compiled with line tables shows the source/ISA view and the instruction mix",
          'class="flyi-source-isa"' in html and "Instruction mix" in html and "kernel: VALU" in html,
          (r and r["content"].get("evalue"), html[:300]))


def test_display_ids(c):
    # display(obj, display_id=True) -> display_data with transient.display_id; handle.update and
    # update_display -> update_display_data with the same id; clear_output -> clear_output{wait}
    r, io = c.execute("from IPython.display import display, update_display, clear_output, HTML\n"
                      "h = display('one', display_id=True)\n"
                      "print('between')\n"
                      "h.update('two')\n"
                      "update_display(HTML('<i>three</i>'), display_id=h.display_id)\n"
                      "display('named', display_id='x')\n"
                      "display('plain')\n"
                      "clear_output(wait=True)\n"
                      "clear_output()")
    kinds = [m["msg_type"] for m in io if m["msg_type"] in
             ("display_data", "update_display_data", "clear_output", "stream")]
    dd, ud, co = _only(io, "display_data"), _only(io, "update_display_data"), _only(io, "clear_output")
    did = dd[0]["transient"].get("display_id") if dd else None
    check("display ids: messages in order (display, stream, 2 updates, 2 displays, 2 clears)",
          r and r["content"]["status"] == "ok"
          and kinds == ["display_data", "stream", "update_display_data", "update_display_data", "display_data",
                        "display_data", "clear_output", "clear_output"], (r and r["content"].get("evalue"), kinds))
    check("display ids: display(obj, display_id=True) carries a generated transient.display_id",
          len(dd) == 3 and isinstance(did, str) and did and dd[0]["data"] == {"text/plain": "'one'"}
          and dd[1]["transient"] == {"display_id": "x"} and dd[2]["transient"] == {}, dd)
    check("display ids: handle.update / update_display -> update_display_data with the same id",
          len(ud) == 2 and all(u["transient"] == {"display_id": did} for u in ud)
          and ud[0]["data"] == {"text/plain": "'two'"} and ud[1]["data"].get("text/html") == "<i>three</i>"
          and ud[1]["metadata"] == {}, ud)
    check("display ids: clear_output(wait=True), clear_output() -> clear_output{wait}",
          co == [{"wait": True}, {"wait": False}], co)
    # silent cells publish none of these
    r, io = c.execute("display('s', display_id='s'); clear_output()", silent=True)
    check("display ids: a silent cell sends no display or clear_output",
          not _only(io, "display_data") and not _only(io, "clear_output"), [m["msg_type"] for m in io])


def _outputs(cell):
    out = []
    for o in cell.outputs:
        if o.output_type == "stream":
            if out and out[-1].get("stream") == o.name:
                out[-1]["text"] += o.text
            else:
                out.append({"stream": o.name, "text": o.text})
        elif o.output_type in ("display_data", "execute_result"):
            out.append({o.output_type: o.data.get("text/plain"), "mimes": sorted(o.data)})
        else:
            out.append({o.output_type: getattr(o, "ename", "")})
    return out


def test_layouts_notebook(tmp, write_expected=False):
    """Run examples/notebooks/layouts.ipynb headlessly and compare every code cell's outputs."""
    try:
        import nbformat
        from nbclient import NotebookClient
    except ImportError:
        skip("notebook layouts.ipynb", "nbclient/nbformat not available")
        return
    nb = nbformat.read(NOTEBOOK, as_version=4)
    committed_clean = all(not c.get("outputs") and c.get("execution_count") is None
                          for c in nb.cells if c.cell_type == "code")
    check("notebook layouts.ipynb: committed with outputs cleared", committed_clean)
    t0 = time.time()
    try:
        NotebookClient(nb, kernel_name="flyi", timeout=30,
                       resources={"metadata": {"path": tmp}}).execute()
        err = None
    except Exception as e:  # noqa: BLE001
        err = e
    info("nbclient: layouts.ipynb in %.2f s" % (time.time() - t0))
    check("notebook layouts.ipynb: runs without error", err is None, repr(err)[:400])
    got = [_outputs(c) for c in nb.cells if c.cell_type == "code"]
    if write_expected:
        json.dump(got, open(EXPECTED, "w"), indent=1, ensure_ascii=False)
        return
    want = json.load(open(EXPECTED))
    check("notebook layouts.ipynb: %d code cells" % len(want), len(got) == len(want), len(got))
    for i, (g, w) in enumerate(zip(got, want)):
        # text must match exactly; a later engine may add MIME types (a picture for a result)
        ok = len(g) == len(w) and all(
            {k: v for k, v in go.items() if k != "mimes"} == {k: v for k, v in wo.items() if k != "mimes"}
            and set(go.get("mimes", ())) >= set(wo.get("mimes", ())) for go, wo in zip(g, w))
        check("notebook layouts.ipynb: cell %d outputs (%s)" % (
            i + 1, "; ".join(next(iter(o)) + (" " + "+".join(o["mimes"]) if o.get("mimes") else "")
                             for o in w)), ok, json.dumps(g, ensure_ascii=False)[:400])


if __name__ == "__main__":
    # regenerate layouts_expected.json: FLYI kernelspec must be installed (JUPYTER_PATH)
    import sys
    import tempfile
    test_layouts_notebook(tempfile.mkdtemp(), write_expected="--write" in sys.argv)
