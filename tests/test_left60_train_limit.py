"""1837's train limit per kind of company reads alike in the HTML view and in the engine's phase event, in every
language: both sort the kinds and name them through ``i18n.train_limit_text`` (the view listed them in the data's
order, in English words)."""

import html
import re

import pytest

from gamekit.bots import play_seats
from gamekit.html_view import game_html
from gamekit.i18n import LANGUAGES, localize, train_limit_text, using


@pytest.fixture(scope="module")
def game():
    return play_seats("1837", ["heuristic"] * 4, 1, cap=700)


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_the_view_and_the_phase_event_name_the_limit_alike(game, language):
    phases = [(index, e) for index, (_, events) in enumerate(game.history()) for e in events if e.kind == "phase"]
    assert phases, "the bot game reaches a new phase"
    index, event = phases[-1]
    position = game.at(index + 1)
    assert isinstance(position.train_limit(), dict)  # 1837 counts coal companies, minors and majors apart
    with using(language):
        shown = html.unescape(game_html(position))
        said = localize(event.text)
        limit = localize(train_limit_text(position.train_limit()))
    assert limit in said and limit in shown
    if language == "en":
        assert re.search(r"train limit coal \d, major \d, minor \d, national \d per corporation", shown)
    elif language == "es":
        assert "carbón" in limit or "menores" in limit  # the kinds in words of the language
