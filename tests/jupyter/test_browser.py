"""A real-browser test: Debian's notebook server on loopback and headless Chromium through
selenium open a notebook, run a cell that draws a layout and one that prints from a kernel, take a
screenshot, and check the SVG and the printf lines are on the page. Skips (each check line printed
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
          "browser: kernel printf lines are on the page", "browser: screenshot written"]
LAYOUT = "import flydsl.expr as fx\nfx.make_layout((4, 2), (1, 4))"
HELLO = ("import flydsl.compiler as flyc\n@flyc.kernel\ndef hello():\n"
         "    fx.printf(\"browser hello {}\", fx.thread_idx.x)\n\n@flyc.jit\ndef run():\n"
         "    hello().launch(grid=1, block=[4])\n\nrun()")


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
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(LAYOUT), nbformat.v4.new_code_cell(HELLO)],
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
        for _ in range(2):
            body.send_keys(Keys.SHIFT, Keys.ENTER)
            time.sleep(0.3)
        end = time.time() + 20
        while time.time() < end and "browser hello 3" not in drv.page_source:
            time.sleep(0.5)
        page = drv.page_source
        check(CHECKS[1], len(drv.find_elements(By.CSS_SELECTOR, ".output_area svg")) >= 1)
        check(CHECKS[2], all("browser hello %d" % t in page for t in range(4)), page[-400:])
        shot = os.path.join(tmp, "browser.png")
        drv.save_screenshot(shot)
        check(CHECKS[3], os.path.getsize(shot) > 1000)
        info("browser screenshot: %s" % shot)
    finally:
        if drv:
            drv.quit()
        server.terminate()
        server.wait(10)
