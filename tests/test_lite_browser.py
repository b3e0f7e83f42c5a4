"""The offline JupyterLite site in a real browser: ``tools/build_lite.py`` builds ``build/lite/``, a local HTTP
server serves it, and Debian's Chromium (Playwright) opens ``00_start_here`` and runs all its cells with every
request to another host than the local server aborted.

Passes when the lesson's "Check yourself" cell shows its "Show answer" button and, once pressed, its checks (its
asserts passed, so every cell before it ran: JupyterLab's Run All stops at the first error), the timeline figure and the explorer widget are drawn,
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

from .browser_support import CHROMIUM_ARGS, chromium_path, missing

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "build" / "lite"
SCREENSHOT = ROOT / "artifacts" / "lite.png"
LESSON = "00_start_here.ipynb"
KERNEL_READY_MS = 120_000
RUN_ALL_MS = 300_000
START_MS = 60_000
FIRST_CELL_MS = 180_000
"""How long the lesson's first code cell may take to finish (it installs gamekit into Pyodide) before the page is
opened again with a new kernel."""
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


def open_and_run(page, url: str, attempts: int = 2) -> None:
    """Open the lesson at ``url``, wait for its kernel, Run All Cells and wait until the first code cell has
    finished ("[1]"). Under load the in-browser kernel has been seen (once in 20-odd CI runs) to take the cells and
    never run one, every prompt left "[*]" with the kernel shown idle: the page is then opened again, which starts
    a new kernel, as a reader would reload it."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from playwright.sync_api import expect

    first_done = page.locator(".jp-InputPrompt", has_text="[1]")
    for attempt in range(1, attempts + 1):
        page.goto(url)
        expect(page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']")).to_be_attached(
            timeout=KERNEL_READY_MS)
        run_all(page)
        try:
            first_done.first.wait_for(timeout=FIRST_CELL_MS)
            return
        except PlaywrightTimeout:
            print(f"attempt {attempt}: the lesson's first cell did not finish in {FIRST_CELL_MS // 1000} s")
    raise AssertionError(f"the lesson's first cell never finished, in {attempts} openings of the page")


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
            open_and_run(page, f"{base}/lab/index.html?path={LESSON}")

            # the lesson's checks: since every lesson ends with its quiz (issue 34) they are no longer the last cell
            checks = page.locator(".jp-Cell").filter(has=page.get_by_role("button", name="Show answer")).last
            answer = checks.get_by_role("button", name="Show answer")
            expect(answer).to_be_visible(timeout=RUN_ALL_MS)  # the checks ran: their asserts passed
            check = checks.locator(".jp-OutputArea-output").first  # the cell's output (the widget nests its own)
            expect(check).to_contain_text("first step of 1830?")  # the questions are shown, the answers wait
            expect(check).not_to_contain_text("first step of 1830: Private auction")
            answer.click()
            expect(check).to_contain_text("first step of 1830: Private auction", timeout=CLICK_MS)
            expect(check).to_contain_text("Ann's cash after buying SV: $580")
            expect(check).to_contain_text("the sample game ends when: the bank broke")
            quiz = page.locator(".jp-Cell").filter(has_text="Question 1 of 4").last  # the quiz after the checks
            expect(quiz).to_be_visible(timeout=RUN_ALL_MS)
            expect(page.get_by_text("Traceback")).to_have_count(0)  # nor did the quiz's folded check fail
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


def build_lite():
    """``tools/build_lite.py`` as a module."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("build_lite", ROOT / "tools" / "build_lite.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def site_lessons(tmp_path: Path, notebooks: Path = ROOT / "notebooks") -> dict[str, dict]:
    """The lessons of ``notebooks`` as ``tools/build_lite.py`` copies them into the site (name → notebook JSON),
    built here without the rest of the site."""
    import json

    build = build_lite()
    out = {}
    for notebook in sorted(notebooks.glob("*.ipynb")):
        if notebook.name not in build.LEFT_OUT:
            build.lite_notebook(notebook, tmp_path / notebook.name)
            out[notebook.stem] = json.loads((tmp_path / notebook.name).read_text())
    return out


def test_the_site_s_lessons_have_no_outputs_and_point_only_to_lessons_it_holds(tmp_path):
    """A lesson run in this checkout keeps its outputs in the file; the site's copy has none (the learner runs
    it). "Where next" in 00_start_here names every lesson the site holds and none it leaves out."""
    import nbformat

    run_here = tmp_path / "notebooks"  # the lessons as a learner's checkout has them after running one
    run_here.mkdir()
    for notebook in (ROOT / "notebooks").glob("*.ipynb"):
        nb = nbformat.read(notebook, as_version=4)
        for k, cell in enumerate(c for c in nb.cells if c.cell_type == "code"):
            cell.outputs, cell.execution_count = [nbformat.v4.new_output("stream", text="ran\n")], k + 1
        nbformat.write(nb, run_here / notebook.name)
    lessons = site_lessons(tmp_path, run_here)
    assert "compare_01_five_titles" not in lessons and "00_start_here" in lessons
    for name, nb in lessons.items():
        code = [c for c in nb["cells"] if c["cell_type"] == "code"]
        assert all(c["outputs"] == [] and c["execution_count"] is None for c in code), name
        assert nb["metadata"]["kernelspec"]["name"] == "python"
    where_next = next("".join(c["source"]) for c in lessons["00_start_here"]["cells"]
                      if "".join(c["source"]).startswith("## Where next"))
    named = set(re.findall(r"`(\w+)`", where_next))
    assert named == {name for name in lessons if not name.endswith("_app")} - {"00_start_here"}
