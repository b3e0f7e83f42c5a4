"""The quiz in a real browser (Voila and Debian's Chromium, as ``tests/test_browser.py``): its map and market are
drawn with their traces, and a hex picked from the box's list of the map's hexes is marked right.

The quiz is the one a lesson makes from the sample game (``lesson_quiz`` on ``data/1830/sample_game.json``): its
first question asks where B&O may lay tile 29 in operating round 7.3 (I17 only), the next where C&O's price goes
when P1 sells a share at $71 ($67, one row down). The app notebook is written under ``artifacts/`` (ignored by
git) for Voila to serve.
"""

from __future__ import annotations

import json

import pytest

from .browser_support import ROOT, chromium_page, voila_app

APP = "artifacts/quizfig67_quiz_app.ipynb"
CODE = """import gamekit
from gamekit.datafiles import data_json
from gamekit.exercises import lesson_quiz
from gamekit.widgets.quiz import Quiz

sample = gamekit.load_json(data_json("1830", "sample_game.json"))
Quiz(lesson_quiz(sample, ["tile_lay_where", "sale_price", "minimum_bid"], n=3, seed=1))"""
PAGE_TIMEOUT_MS = 60_000
CLICK_TIMEOUT_MS = 10_000
TRACES = """() => [...document.querySelectorAll('.gamekit-quiz .js-plotly-plot')].map(e => (e.data || []).length)"""


def write_app() -> None:
    """Write the quiz's app notebook (one code cell, Python 3 kernel) to :data:`APP`."""
    notebook = {"cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                           "source": CODE}],
                "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
                "nbformat": 4, "nbformat_minor": 5}
    (ROOT / APP).parent.mkdir(exist_ok=True)
    (ROOT / APP).write_text(json.dumps(notebook))


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    """A Chromium page with the quiz app loaded from Voila."""
    write_app()
    with voila_app(APP, tmp_path_factory.mktemp("voila")) as url, chromium_page({"width": 1280, "height": 900}) as page:
        page.set_default_timeout(PAGE_TIMEOUT_MS)
        page.goto(url, wait_until="domcontentloaded")
        yield page


def test_the_quiz_map_and_market_are_drawn_and_a_picked_hex_is_marked_right(page):
    from playwright.sync_api import expect

    quiz = page.locator(".gamekit-quiz")
    expect(quiz).to_contain_text("Question 1 of 3", timeout=PAGE_TIMEOUT_MS)
    expect(quiz).to_contain_text("On which hex may B&O lay tile 29 now?")
    plots = quiz.locator(".js-plotly-plot")
    expect(plots).to_have_count(2)
    page.wait_for_function(f"({TRACES})().every(n => n > 0)", timeout=PAGE_TIMEOUT_MS)
    assert all(count > 0 for count in page.evaluate(TRACES))
    assert plots.nth(1).locator(".gtitle").text_content() == "Share market"
    # the box lists all 93 hexes of the 1830 map, the right one among them
    box = quiz.get_by_placeholder("type or pick a hex, e.g. E19")
    listed = page.evaluate("""b => [...document.getElementById(b.getAttribute('list')).options].map(o => o.value)""",
                           box.element_handle())
    assert len(listed) == 93 and "I17" in listed and "E19" in listed
    box.fill("I17")
    quiz.get_by_role("button", name="Answer").click()
    expect(quiz).to_contain_text("Right: I17.", timeout=CLICK_TIMEOUT_MS)
    expect(quiz).to_contain_text("score 1 / 1")
    # the next question's position is drawn in the same two figures
    quiz.get_by_role("button", name="Next question").click()
    expect(quiz).to_contain_text("Question 2 of 3", timeout=CLICK_TIMEOUT_MS)
    expect(plots).to_have_count(2)
    page.wait_for_function(f"({TRACES})().every(n => n > 0)", timeout=CLICK_TIMEOUT_MS)
