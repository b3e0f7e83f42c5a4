"""What the browser tests share: Debian's Chromium driven by Playwright, and a Voila server serving one of the
repository's app notebooks on a free loopback port.

Outside CI a missing Voila, Playwright or Chromium skips the test; with ``CI`` set it fails instead (the CI
set-up installs all three).
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
from typing import Iterator

import pytest

ROOT = Path(__file__).resolve().parent.parent
# Flags for a headless Chromium with no network of its own (no sync, updates or QUIC probes).
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SERVER_START_S = 30
SERVER_STOP_S = 10


def in_ci() -> bool:
    """True when the ``CI`` environment variable is set to anything but an empty string, "0" or "false"."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false")


def missing(reason: str) -> None:
    """Skip the test for a missing tool, or fail it under CI (where the browser tests must run)."""
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


@contextmanager
def voila_app(app: str, folder: Path, extra_args: tuple[str, ...] = ()) -> Iterator[str]:
    """Serve the repository with Voila (the apps' template, which asks nothing of the internet) on a free
    loopback port and yield the URL of the notebook ``app`` (a path relative to the repository); its log goes
    to ``folder/voila.log``. The server is always terminated, then killed if it does not stop within
    ``SERVER_STOP_S`` seconds."""
    try:
        import voila  # noqa: F401  (only checks that the server is installed)
    except ImportError:
        missing("voila is not installed (pip install -e '.[test]')")
    from gamekit.widgets.classroom_launch import TEMPLATE_NAME, voila_environment, write_voila_template

    port = free_port()
    log = folder / "voila.log"
    with log.open("w") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "voila", str(ROOT), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
             "--NotebookClient.timeout=60", f"--template={TEMPLATE_NAME}", *extra_args],
            cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, env=voila_environment(write_voila_template(folder)))
    try:
        wait_for_port(proc, port, log)
        yield f"http://127.0.0.1:{port}/voila/render/{app}"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=SERVER_STOP_S)
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
