"""The classroom's load messages (fresh43's findings): a load's result or refusal is shown whole, in a box that
wraps and scrolls, replaced at every attempt, and any exception of a reader is said in one line; and
``gamekit classroom --port P`` refuses a port in use instead of serving on another."""

from __future__ import annotations

import socket

import pytest

from gamekit.widgets import classroom, classroom_launch
from gamekit.widgets.classroom import STYLE, Classroom

from .test_rails import AUCTION

WRONG = AUCTION.replace("Has,Stefan,785", "Has,Stefan,780")  # the report's cash differs from ours at its last line


def css_rule(selector: str) -> str:
    """The declarations of ``selector``'s rule in the app's style sheet."""
    start = STYLE.index(selector + " {") + len(selector) + 2
    return STYLE[start:STYLE.index("}", start)]


def test_the_message_box_wraps_scrolls_and_is_wide_enough_for_a_report_stop(english):
    """The message sat in the header beside its controls, 140×48 px, one word a line, and a Rails report's stop
    ("stopped at line 17: …") ran off the screen. It is now a box of its own over the table: wide (720 px of the
    1280), wrapping, scrolling past six lines, hidden while empty and closed by its ×."""
    app = Classroom("1830", 3, seed=1)
    header = app.children[2]
    assert app.message_box not in header.children and app.message not in header.children
    assert app.message_box.layout.display == "none" and app.message.value == ""
    box = css_rule(".gk-classroom .gk-tab-row > .gk-message-box")
    assert "position: absolute" in box and "width: 720px" in box and "max-width: calc(100% - 12px)" in box
    content = css_rule(".gk-classroom .gk-message-box .gk-message .widget-html-content")
    assert "white-space: normal" in content and "overflow-wrap: anywhere" in content
    assert "max-height: 141px" in content and "overflow-y: auto" in content

    assert app.load(WRONG, "r_cashwrong.report") is not None
    assert app.message_box.layout.display is None  # shown
    assert app.message.value == ("Replaying a Rails-18xx report (r_cashwrong.report): 16 of 17 lines, 12 figures "
                                 "checked; <span class='gk-refused'>stopped at line 17: core:import.log: cash of "
                                 "Stefan: ours 785, the report&#x27;s 780</span>")
    app.message_close.click()
    assert app.message.value == "" and app.message_box.layout.display == "none"
    assert app.table.replay  # closing the message leaves the replay open


@pytest.mark.parametrize("code, stop", [
    ("ca", "aturat a line 17"),  # the reader's own reason stays English until it is translated
    ("zh", "停止于 line 17"),
])
def test_the_message_box_says_the_stop_in_every_language(english, code, stop):
    """The box is re-written in the language chosen, stop included, and stays shown."""
    app = Classroom("1830", 3, seed=1)
    app.load(WRONG, "r_cashwrong.report")
    english_text = app.message.value
    app.set_language(code)
    assert app.message.value != english_text and stop in app.message.value
    assert "ours 785, the report&#x27;s 780" in app.message.value
    assert app.message_box.layout.display is None


def test_every_load_attempt_replaces_the_previous_files_message(english, monkeypatch):
    """A load that raised left the previous file's message on screen, naming the other file: each attempt now
    replaces it, and an exception no reader expected is said in one line with its class."""
    app = Classroom("1830", 3, seed=1)
    app.load(WRONG, "r_cashwrong.report")
    assert "r_cashwrong.report" in app.message.value
    tables = list(app.tables)

    def broken(text):
        raise KeyError("cash\nof Stefan")

    monkeypatch.setattr(classroom, "import_rails_report", broken)
    assert app.load(AUCTION, "other.report") is None and app.tables == tables
    assert app.message.value == "<span class='gk-refused'>other.report: KeyError: &#x27;cash\\nof Stefan&#x27;</span>"
    assert "r_cashwrong" not in app.message.value

    def silent(text):
        raise RuntimeError

    monkeypatch.setattr(classroom, "import_rails_report", silent)
    assert app.load(AUCTION, "third.report") is None
    assert app.message.value == "<span class='gk-refused'>third.report: RuntimeError</span>"

    monkeypatch.undo()
    assert app.load(b"{not json", "broken.json") is None
    assert app.message.value.startswith("<span class='gk-refused'>broken.json: game file: not valid JSON")
    save = app.table.game.to_json()
    assert app.load(save, "ok.json") is not None and app.message.value == ""  # a save says nothing: no stale text
    assert app.message_box.layout.display == "none"


def test_a_refusal_with_several_lines_is_one_line(english):
    """A reader's error over several lines is said in one."""
    error = ValueError("first line\n  second   line")
    assert classroom.failure_html("x.json", error) == "<span class='gk-refused'>x.json: first line second line</span>"


def test_a_port_in_use_is_refused_in_one_line(monkeypatch, capsys):
    """``--port P`` with a server already on P: Voila said "The port P is already in use, trying another port"
    and served on P+1. The command now refuses it in one line, exit status 2, and no server starts."""
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen(1)
        port = server.getsockname()[1]
        assert classroom_launch.port_in_use(port)
        said = f"port {port} is already in use on 127.0.0.1; choose another with --port"
        assert str(classroom_launch.port_refusal(port)) == said
        monkeypatch.setattr(classroom_launch.subprocess, "Popen", None)  # no server may start
        assert classroom_launch.main(["--port", str(port), "--no-browser"]) == 2
        assert capsys.readouterr().err == f"gamekit classroom: {said}\n"
    assert not classroom_launch.port_in_use(port) and classroom_launch.port_refusal(port) is None
