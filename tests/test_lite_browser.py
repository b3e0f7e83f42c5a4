"""The offline JupyterLite site in a real browser: ``tools/build_lite.py`` builds ``build/lite/``, a local HTTP
server serves it, and Debian's Chromium (Playwright) opens ``00_start_here`` and runs all its cells with every
request to another host than the local server aborted.

Passes when the lesson's "Check yourself" cell prints its checks (its asserts passed, so every cell before it
ran: JupyterLab's Run All stops at the first error), the timeline figure and the explorer widget are drawn,
and the page tried no request outside the site. A screenshot of the explorer goes to ``artifacts/lite.png`` (``docs/img/lite.png`` is a copy of it).

Outside CI the test skips when Playwright, Chromium or npm (first build only) is missing; with ``CI`` set it
fails instead.
"""

from __future__ import annotations

import functools
import http.server
import re
import shutil
import subprocess
import sys
import threading
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlparse

import pytest

from .test_browser import CHROMIUM_ARGS, chromium_path, missing

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "build" / "lite"
SCREENSHOT = ROOT / "artifacts" / "lite.png"
LESSON = "00_start_here.ipynb"
KERNEL_READY_MS = 120_000
RUN_ALL_MS = 300_000
START_MS = 60_000
CLICK_MS = 10_000
"""How long a click on a menu, or a dialog button, may wait for its element (then the dialogs are looked at)."""
LOCAL_HOSTS = {"127.0.0.1", "localhost"}


@pytest.fixture(scope="module")
def site() -> Path:
    """Build the site into ``build/lite`` (downloads are cached, so a rebuild takes seconds) and return it."""
    if not shutil.which("npm") and not any(Path.home().glob(".cache/gamekit-lite/pyodide-*/package")):
        missing("npm is not installed (the first site build packs Pyodide from the npm registry)")
    subprocess.run([sys.executable, str(ROOT / "tools" / "build_lite.py"), "--out", str(SITE)], check=True)
    return SITE


def run_all(page, attempts: int = 3) -> None:
    """Choose Run ▸ Run All Cells and wait until the first cell has started. Under load the kernel can report
    idle a moment before it takes work, and the command is then lost (every prompt stays "[ ]"): choose it again.
    A dialog JupyterLab opens meanwhile (seen once in CI, covering the menu bar) is answered with its default
    button, and its text is kept for the failure message."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    started = page.locator(".jp-InputPrompt", has_text=re.compile(r"\[[0-9*]+\]"))
    dialogs: list[str] = []
    for _ in range(attempts):
        answer_dialogs(page, dialogs)
        try:
            page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click(timeout=CLICK_MS)
            page.get_by_role("menuitem", name="Run All Cells", exact=True).click(timeout=CLICK_MS)
            started.first.wait_for(timeout=START_MS)
            return
        except PlaywrightTimeout:
            page.keyboard.press("Escape")  # close a menu left open; the next try starts from the menu bar
    raise AssertionError(f"no cell started after {attempts} tries of Run All Cells; dialogs answered: {dialogs}")


def answer_dialogs(page, seen: list[str]) -> None:
    """Answer every open JupyterLab dialog with its default button, adding its text to ``seen``."""
    dialog = page.locator(".jp-Dialog")
    while dialog.count():
        seen.append(dialog.first.inner_text())
        dialog.first.locator(".jp-Dialog-button.jp-mod-accept").first.click(timeout=CLICK_MS)
        page.wait_for_timeout(500)  # the dialog closes with an animation


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the site's files quietly, with the types browsers insist on for WebAssembly and JS modules."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript"}

    def log_message(self, format, *args):  # noqa: A002  (the name http.server gives it)
        """No log line per request."""


@contextmanager
def serve(folder: Path):
    """Serve ``folder`` on a free port of 127.0.0.1; yield the base URL (``http://127.0.0.1:<port>``)."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(SiteHandler, directory=folder))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def test_start_here_runs_offline_in_jupyterlite(site):
    try:
        from playwright.sync_api import expect, sync_playwright
    except ImportError:
        missing("playwright is not installed (pip install -e '.[test]')")
    executable = chromium_path()
    blocked: list[str] = []

    def only_local(route):
        """Let requests to the local server through; abort and record every other one."""
        if urlparse(route.request.url).hostname in LOCAL_HOSTS:
            route.continue_()
        else:
            blocked.append(route.request.url)
            route.abort()

    with serve(site) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=executable, headless=True, args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(viewport={"width": 1280, "height": 800})
            context.route("**/*", only_local)
            page = context.new_page()
            page.goto(f"{base}/lab/index.html?path={LESSON}")
            expect(page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']")).to_be_attached(
                timeout=KERNEL_READY_MS)
            run_all(page)

            check = page.locator(".jp-Cell").last.locator(".jp-OutputArea-output")
            expect(check).to_contain_text("first step of 1830: Private auction", timeout=RUN_ALL_MS)
            expect(check).to_contain_text("Ann's cash after buying SV: 580")
            expect(check).to_contain_text("the sample game ends by: bank")
            expect(page.get_by_text("Traceback")).to_have_count(0)
            expect(page.locator(".js-plotly-plot").first).to_be_visible()
            explorer = page.locator(".jp-Cell").filter(has=page.locator(".jupyter-widgets")).first
            expect(explorer.locator(".js-plotly-plot").first).to_be_visible()
            expect(explorer).to_contain_text("Private auction")
            explorer.evaluate("cell => cell.scrollIntoView({block: 'start'})")
            page.wait_for_timeout(500)  # plotly finishes drawing the map below the explorer's controls
            SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SCREENSHOT))
        finally:
            browser.close()
    assert blocked == [], f"the site tried {len(blocked)} request(s) outside it: {blocked[:20]}"
