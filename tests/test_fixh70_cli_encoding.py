"""hostile70 defect 2: every command writes what standard output's encoding cannot hold as a backslash escape (as
Python writes standard error), never a traceback; the stream is as before once ``main`` returns."""

from __future__ import annotations

import io
import os
import sys

import pytest

from gamekit.cli import main
from gamekit.i18n import language, set_language

LOG = os.path.join(os.path.dirname(__file__), "..", "data", "1830", "games", "26855.json")


def ascii_stdout(monkeypatch):
    """Standard output as a terminal whose encoding is ascii (``PYTHONIOENCODING=ascii``), and its bytes (set in
    the test's body: pytest's capture sets its own stream again as the test starts)."""
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="ascii", errors="strict")
    monkeypatch.setattr(sys, "stdout", out)
    return raw, out


@pytest.fixture
def chinese():
    before = language()
    set_language("zh")
    yield
    set_language(before)


def test_titles_writes_the_en_dash_as_an_escape(monkeypatch):
    raw, out = ascii_stdout(monkeypatch)
    assert main(["titles"]) == 0
    out.flush()
    assert "1830 (2\\u20136 players)" in raw.getvalue().decode("ascii").splitlines()[0]
    assert out.errors == "strict"  # as before the command


def test_replay_in_chinese_writes_escapes(monkeypatch, chinese):
    raw, out = ascii_stdout(monkeypatch)
    path = LOG if os.path.exists(LOG) else pytest.skip("the shipped game 26855 is not in this tree")
    assert main(["replay", path]) == 0
    out.flush()
    first = raw.getvalue().decode("ascii").splitlines()[0]
    assert first == "1830\\uff1a\\u5df2\\u5e94\\u7528 502 \\u4e2a\\u52a8\\u4f5c"  # 1830：已应用 502 个动作


def test_help_in_chinese_writes_escapes(monkeypatch, chinese):
    raw, out = ascii_stdout(monkeypatch)
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    out.flush()
    assert raw.getvalue().decode("ascii").startswith("\\u7528\\u6cd5\\uff1agamekit [-h]")
    assert out.errors == "strict"
