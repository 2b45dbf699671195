"""A real-browser test: Debian's notebook server on loopback and headless Chromium through
selenium open a notebook, run a cell that draws a layout, one that prints from a kernel and one that
shows an MMA atom, take a screenshot, and check the SVG and the printf lines are on the page, the MMA
picture's cells carry tooltips, and hovering a cell outlines every cell of its thread. Skips (each check line printed
as SKIP, so the suite's count stays right) when chromium, chromedriver, jupyter-notebook or
selenium is missing. Called from test_protocol.py (Debian's /usr/bin/python3)."""
import os
import shutil
import socket
import subprocess
import time

import nbformat
from jk import check, info, skip

CHECKS = ["browser: notebook page loads with the flyi kernel", "browser: layout cell shows an <svg>",
          "browser: kernel printf lines are on the page", "browser: screenshot written",
          "browser: MMA picture cells have tooltips", "browser: hovering a cell outlines all cells of its thread",
          "browser: %profile table on the page with the divergent load", "browser: source beside ISA on the page",
          "browser: hovering a source line highlights its instructions only",
          "browser: hovering an instruction highlights its source line", "browser: screenshot kept in tests/artifacts"]
LAYOUT = "import flydsl.expr as fx\nfx.make_layout((4, 2), (1, 4))"
HELLO = ("import flydsl.compiler as flyc\n@flyc.kernel\ndef hello():\n"
         "    fx.printf(\"browser hello {}\", fx.thread_idx.x)\n\n@flyc.jit\ndef run():\n"
         "    hello().launch(grid=1, block=[4])\n\nrun()")
MMA = "fx.utils.show(fx.make_mma_atom(fx.rocdl.MFMA(16, 16, 4, fx.Float32)))"
PROFILE = ("import torch\n@flyc.kernel\ndef halves(A: fx.Tensor):\n    t = fx.thread_idx.x\n"
           "    if t % 2 == 0:\n        A[t] = A[t] * 2.0 + 1.0\n\n"
           "@flyc.jit\ndef go(A):\n    halves(A).launch(grid=1, block=64)\n\n"
           "a = torch.zeros(64, device='cuda')\n%profile go(a)")
SOURCE = "ck = flyc.compile(go, a, debug_info=True)\n%isa --source"
# the background of the ISA rows of source line class c, and of the others
BGS = ("return [...document.querySelectorAll('.flyi-sx-isa .sxl')].map("
       "r => [r.classList.contains(arguments[0]), getComputedStyle(r).backgroundColor])")
# the stroke width of every C cell of thread 25 (four of them) and of one cell of thread 26
WIDTHS = ("return [...document.querySelectorAll('g.cell.t25 rect, g.cell.t26 rect')].map("
          "r => [r.parentNode.classList.contains('t25'), getComputedStyle(r).strokeWidth])")


def _bg(drv, el):
    return drv.execute_script("return getComputedStyle(arguments[0]).backgroundColor", el)


def _missing():
    miss = [b for b in ("chromedriver", "jupyter-notebook") if not shutil.which(b)]
    if not (shutil.which("chromium") or shutil.which("chromium-browser")):
        miss.append("chromium")
    try:
        import selenium  # noqa: F401
    except ImportError:
        miss.append("selenium")
    return miss


def test_browser(tmp):
    miss = _missing()
    if miss:
        for name in CHECKS:
            skip(name, "not installed: " + ", ".join(miss))
        return
    from selenium import webdriver
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(LAYOUT), nbformat.v4.new_code_cell(HELLO),
                                         nbformat.v4.new_code_cell(MMA), nbformat.v4.new_code_cell(PROFILE),
                                         nbformat.v4.new_code_cell(SOURCE)],
                                  metadata={"kernelspec": {"name": "flyi", "display_name": "FlyDSL (flyi)",
                                                           "language": "python"}})
    nbformat.write(nb, os.path.join(tmp, "browser.ipynb"))
    server = subprocess.Popen(["jupyter-notebook", "--no-browser", "--ip=127.0.0.1", "--port=%d" % port,
                               "--NotebookApp.token=", "--NotebookApp.password=", "--allow-root",
                               "--notebook-dir=" + tmp], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    drv = None
    try:
        opts = webdriver.ChromeOptions()
        for a in ("--headless", "--no-sandbox", "--disable-gpu", "--window-size=1200,1600"):
            opts.add_argument(a)
        drv = webdriver.Chrome(service=webdriver.chrome.service.Service(shutil.which("chromedriver")),
                               options=opts)
        end, page = time.time() + 20, ""
        while time.time() < end:
            try:
                drv.get("http://127.0.0.1:%d/notebooks/browser.ipynb" % port)
                page = drv.page_source
                if "FlyDSL (flyi)" in page:
                    break
            except Exception:  # noqa: BLE001 - server still starting
                pass
            time.sleep(0.5)
        check(CHECKS[0], "FlyDSL (flyi)" in page)
        time.sleep(2)  # kernel idle
        body = drv.find_element(By.TAG_NAME, "body")
        body.send_keys(Keys.ESCAPE)
        for _ in range(5):
            body.send_keys(Keys.SHIFT, Keys.ENTER)
            time.sleep(0.3)
        end = time.time() + 60
        while time.time() < end and ("browser hello 3" not in drv.page_source or
                                     not drv.find_elements(By.CSS_SELECTOR, "g.cell.t25") or
                                     not drv.find_elements(By.CSS_SELECTOR, ".flyi-sx-isa .sxl")):
            time.sleep(0.5)
        page = drv.page_source
        check(CHECKS[1], len(drv.find_elements(By.CSS_SELECTOR, ".output_area svg")) >= 1)
        check(CHECKS[2], all("browser hello %d" % t in page for t in range(4)), page[-400:])
        shot = os.path.join(tmp, "browser.png")
        drv.save_screenshot(shot)
        check(CHECKS[3], os.path.getsize(shot) > 1000)
        info("browser screenshot: %s" % shot)
        titles = [t.get_attribute("textContent") for t in drv.find_elements(By.CSS_SELECTOR, "g.cell title")]
        check(CHECKS[4], "C (m, n) = (5, 9), index 149: thread 25, value 1" in titles, titles[:3])
        from selenium.webdriver.common.action_chains import ActionChains
        cell = drv.find_elements(By.CSS_SELECTOR, "g.cell.t25")
        before = drv.execute_script(WIDTHS)
        if cell:
            ActionChains(drv).move_to_element(cell[-1]).perform()
            time.sleep(0.3)
        after = drv.execute_script(WIDTHS)
        lit = [w for own, w in after if own]
        check(CHECKS[5], len(lit) >= 4 and all(w == "3px" for w in lit) and all(w != "3px" for own, w in after if not own)
              and all(w != "3px" for _, w in before), (before[:3], after[:6]))
        rows = [r.get_attribute("textContent") for r in drv.find_elements(By.CSS_SELECTOR, ".flyi-profile-table tr")]
        check(CHECKS[6], any("global_load" in r and "0.50" in r and "A[t] = A[t] * 2.0 + 1.0" in r for r in rows),
              rows[:4])
        src = drv.find_elements(By.CSS_SELECTOR, ".flyi-sx-source .sxl")
        store = [e for e in src if "A[t] = A[t] * 2.0" in e.get_attribute("textContent")]
        check(CHECKS[7], len(src) >= 2 and len(store) == 1, [e.get_attribute("textContent") for e in src])
        if store:
            cls = [c for c in store[0].get_attribute("class").split() if c.startswith("sx") and c != "sxl"][0]
            drv.execute_script("arguments[0].scrollIntoView()", store[0])
            ActionChains(drv).move_to_element(store[0]).perform()
            time.sleep(0.3)
            bgs = drv.execute_script(BGS, cls)
            plain = "rgba(0, 0, 0, 0)"
            check(CHECKS[8], any(own for own, _ in bgs) and all(bg != plain for own, bg in bgs if own)
                  and all(bg == plain for own, bg in bgs if not own), bgs[:8])
            isa = [e for e in drv.find_elements(By.CSS_SELECTOR, ".flyi-sx-isa .sxl." + cls)]
            ActionChains(drv).move_to_element(isa[0]).perform()
            time.sleep(0.3)
            check(CHECKS[9], _bg(drv, store[0]) != plain, _bg(drv, store[0]))
        else:
            check(CHECKS[8], False, "no source line")
            check(CHECKS[9], False, "no source line")
        keep = os.path.join(os.getcwd(), "tests", "artifacts")
        os.makedirs(keep, exist_ok=True)
        kept = os.path.join(keep, "browser.png")
        drv.save_screenshot(kept)
        check(CHECKS[10], os.path.getsize(kept) > 1000)
        info("browser screenshot kept: %s" % kept)
    finally:
        if drv:
            drv.quit()
        server.terminate()
        server.wait(10)
