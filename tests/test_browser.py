"""The explorer app in a real browser: Voila serves ``notebooks/explorer_app.ipynb`` and Debian's Chromium,
driven by Playwright, clicks it.

The app is a seeded four-player 1830 game (seed 7) at the start of the private auction. The test waits for the
widgets and both Plotly figures (map, market) to render, clicks **Apply** on the preselected first legal action
("Ann buys SV for $20": the cheapest private, the Schuylkill Valley, is bought at its face value of $20) and
checks that the page changed the way the game did: the step line moves from Ann to Ben, the event log shows
"Ann buys SV for $20" and Undo becomes enabled. Undo then restores Ann's turn and removes the log line. A
screenshot of the page after Apply goes to ``artifacts/browser_explorer.png``.

Outside CI the test skips when Playwright or Chromium is missing; with ``CI`` set it fails instead.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
APP = "notebooks/explorer_app.ipynb"
ARTIFACT = ROOT / "artifacts" / "browser_explorer.png"
# Flags for a headless Chromium with no network of its own (no sync, updates or QUIC probes).
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SERVER_START_S = 30
PAGE_TIMEOUT_MS = 45_000
CLICK_TIMEOUT_MS = 10_000
SCREENSHOT_MAX_HEIGHT = 4000


def in_ci() -> bool:
    """True when the ``CI`` environment variable is set to anything but an empty string, "0" or "false"."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false")


def missing(reason: str) -> None:
    """Skip the test for a missing tool, or fail it under CI (where the browser test must run)."""
    if in_ci():
        pytest.fail(f"{reason} (required when CI is set; scripts/test.sh installs it)")
    pytest.skip(reason)


def chromium_path() -> str:
    """Return the Chromium executable: ``/usr/bin/chromium`` (Debian's package) or ``chromium`` on PATH."""
    for candidate in ("/usr/bin/chromium", shutil.which("chromium")):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    missing("Debian chromium is not installed (apt-get install chromium)")
    raise AssertionError("unreachable")


def free_port() -> int:
    """Return a TCP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for_port(proc: subprocess.Popen, port: int, log: Path) -> None:
    """Wait until the server accepts connections on ``port``; fail with its log if it exits or is too slow."""
    deadline = time.monotonic() + SERVER_START_S
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"voila exited with {proc.returncode}:\n{log.read_text()[-3000:]}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.2)
    pytest.fail(f"voila did not listen on port {port} within {SERVER_START_S} s:\n{log.read_text()[-3000:]}")


@pytest.fixture(scope="module")
def voila_url(tmp_path_factory):
    """Serve the repository with Voila on a free loopback port (with the app's template, which asks nothing of
    the internet) and yield the app's URL; the server is always terminated (then killed if it does not stop
    within 10 s)."""
    try:
        import voila  # noqa: F401  (only checks that the server is installed)
    except ImportError:
        missing("voila is not installed (pip install -e '.[test]')")
    from gamekit.widgets.classroom_launch import TEMPLATE_NAME, voila_environment, write_voila_template

    port = free_port()
    folder = tmp_path_factory.mktemp("voila")
    log = folder / "voila.log"
    with log.open("w") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "voila", str(ROOT), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
             "--NotebookClient.timeout=60", f"--template={TEMPLATE_NAME}"],
            cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, env=voila_environment(write_voila_template(folder)))
    try:
        wait_for_port(proc, port, log)
        yield f"http://127.0.0.1:{port}/voila/render/{APP}"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@contextmanager
def chromium_page(viewport: dict[str, int]):
    """Yield a page of Debian's Chromium (headless, no network of its own) at ``viewport`` (``width``/``height``
    in px); skips outside CI when Playwright or the browser is missing, fails under CI."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing("playwright is not installed (pip install -e '.[test]')")
    executable = chromium_path()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=executable, headless=True, args=CHROMIUM_ARGS)
        try:
            yield browser.new_page(viewport=viewport)
        finally:
            browser.close()


@pytest.fixture
def page(voila_url):
    """A Chromium page (Debian's browser, headless) with the explorer app loaded."""
    with chromium_page({"width": 1280, "height": 900}) as page:
        page.set_default_timeout(PAGE_TIMEOUT_MS)
        page.goto(voila_url, wait_until="domcontentloaded")
        yield page


def step_line(page):
    """The explorer's step line ("<step> — <who> to act <rule id> …")."""
    return page.locator(".widget-html-content").filter(has_text=" to act ").first


def save_screenshot(page) -> None:
    """Save the whole app to ``artifacts/browser_explorer.png``. Voila scrolls inside a panel, not the page, so
    the viewport is first made as tall as the scrolled content (at most ``SCREENSHOT_MAX_HEIGHT`` pixels)."""
    height = page.evaluate("""Math.max(0, ...Array.from(document.querySelectorAll('body *'))
        .filter(e => ['auto', 'scroll'].includes(getComputedStyle(e).overflowY)).map(e => e.scrollHeight))""")
    page.set_viewport_size({"width": 1280, "height": min(max(height, 900), SCREENSHOT_MAX_HEIGHT)})
    page.wait_for_timeout(500)  # plotly redraws the figures at the new size
    ARTIFACT.parent.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACT))


def test_apply_in_the_browser_changes_step_and_log(page):
    from playwright.sync_api import expect

    step = step_line(page)
    expect(step).to_contain_text("Private auction — Ann to act", timeout=PAGE_TIMEOUT_MS)
    expect(step).to_contain_text("1830:auction.bid")
    log = page.locator(':not(option):text-is("Ann buys SV for $20")')  # the event, not the list's same sentence
    expect(log).to_have_count(0)
    # The map and the market are drawn (a FigureWidget shown before the browser connects keeps its traces).
    expect(page.locator(".js-plotly-plot")).to_have_count(2)
    expect(page.locator(".js-plotly-plot .scatterlayer .trace").first).to_be_attached()
    # The main Apply button comes first; each bid range below the list has its own Apply button.
    apply = page.get_by_role("button", name="Apply", exact=True).first
    undo = page.get_by_role("button", name="Undo")
    expect(undo).to_be_disabled()
    expect(page.get_by_role("listbox").get_by_role("option").first).to_have_text("Ann buys SV for $20")

    apply.click()
    expect(step).to_contain_text("Private auction — Ben to act", timeout=CLICK_TIMEOUT_MS)
    expect(log).to_have_count(1)
    expect(page.get_by_text("0: Ann buys SV for $20", exact=True)).to_have_count(1)
    expect(undo).to_be_enabled()
    save_screenshot(page)

    undo.click()
    expect(step).to_contain_text("Private auction — Ann to act", timeout=CLICK_TIMEOUT_MS)
    expect(log).to_have_count(0)
