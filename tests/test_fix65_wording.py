"""Stop 65's new-user pass, wording: a bankruptcy is the president's (the log headline said the corporation
declares it), Dutch step help for a player of any gender, Chinese quiz texts with a full-width colon."""

from __future__ import annotations

import json
import re

import pytest

import gamekit
from gamekit.exercises import questions
from gamekit.games import open_real_game
from gamekit.i18n import gettext, localize, set_language, using
from gamekit.sentences import sentence_now, sentence_then
from gamekit.widgets.parts import history_entries


@pytest.fixture(scope="module")
def bankrupt_game():
    """The shipped 1830 game 26855, whose action 501 is ERIE's bankruptcy (its president, Player 3, goes
    bankrupt and the game ends)."""
    return open_real_game("1830", "26855")


def test_the_log_headline_says_the_president_goes_bankrupt(bankrupt_game, english):
    action, events = list(bankrupt_game.history())[501]
    assert action.type == "bankrupt" and str(action.sentence()) == (
        "ERIE's president cannot raise the money for its train and goes bankrupt")  # the action's own, since stop 66
    headline = sentence_then(bankrupt_game, action, events)
    assert headline == "ERIE's president cannot raise the money for its train and goes bankrupt"
    assert history_entries(bankrupt_game, 501, 502)[0][0] == (
        "502: ERIE's president cannot raise the money for its train and goes bankrupt")
    set_language("es")
    assert localize(headline) == "El presidente de ERIE no puede reunir el dinero para su tren y quiebra"


def test_the_bankruptcy_sentence_reads_back_as_the_action_in_every_language(bankrupt_game, english):
    data = json.loads(bankrupt_game.to_json())
    data["actions"] = data["actions"][:501]
    position = gamekit.load_json(json.dumps(data))
    action = bankrupt_game.actions[501]
    said = sentence_now(position, action)
    assert said == "ERIE's president cannot raise the money for its train and goes bankrupt"
    assert position.parse_action("ERIE declares bankruptcy") == action
    for language in ("en", "zh", "ca", "es", "nl"):
        with using(language):
            assert position.parse_action(localize(said)) == action, language


def test_the_dutch_step_help_is_neutral(english):
    set_language("nl")
    turn = gettext("Turn {turn}: {player} may build a straight line for each railroad they control, or pass to end "
                   "the turn.")
    assert turn == ("Beurt {turn}: {player} mag voor elke spoorwegmaatschappij in eigen beheer een rechte lijn "
                    "bouwen, of passen om de beurt te beëindigen.")


@pytest.mark.parametrize("title, kinds, seed", [("1830", ["best_route"], 1), ("american-rails", ["minimum_bid"], 1),
                                                ("continental-divide", ["minimum_bid"], 1)])
def test_chinese_quiz_texts_take_a_full_width_colon(title, kinds, seed, english):
    found = questions(title, kinds, n=3, seed=seed)
    assert found
    set_language("zh")
    for q in found:
        for text in (localize(q.prompt), localize(q.explanation)):
            # an ASCII colon after a Chinese word or a round's number ("游戏回合 4: ", "火车: ") is none of Chinese's
            assert not re.search(r"[\u4e00-\u9fff\d]: ", text), text


# ----- 8. the seats panel heads the value column with what the title counts ---------------------------------------
@pytest.mark.parametrize("title, word", [("continental-divide", "points"), ("1830", "value"), ("1837", "value"),
                                         ("american-rails", "value")])
def test_each_title_names_what_its_value_counts(title, word):
    assert gamekit.game_class(title).value_word() == word


def test_the_seats_panel_heads_continental_divides_value_points(english):
    from gamekit.widgets.classroom_table import label_seat_header, seat_header

    header = seat_header(gamekit.game_class("continental-divide").value_word())
    assert ">points</b>" in header.children[2].value and ">cash</b>" in header.children[1].value
    set_language("nl")
    label_seat_header(header, "points")
    assert ">punten</b>" in header.children[2].value
    assert ">value</b>" in seat_header().children[2].value or ">waarde</b>" in seat_header().children[2].value
