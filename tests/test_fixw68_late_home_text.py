"""1894: a late corporation's home is chosen by a listed choice's whole text; the hex alone or another name beside
it is refused under ``1894:stock.late-corporations`` and the game is as before (hostile68 item 7)."""

from __future__ import annotations

import copy
import json

import pytest

import gamekit
from gamekit.titles.g1894.actions import Choose
from tests.fixtures import require_fixtures

NAME, CHOICE_ID = "1894_game_end_bankrupt.json", 812  # LB's president chooses LF's home: Lille (D11)


@pytest.fixture(scope="module")
def log() -> dict:
    return json.loads((require_fixtures("1894") / NAME).read_text())


@pytest.fixture(scope="module")
def before_choice(log):
    return gamekit.import_log(copy.deepcopy(log), stop_at=CHOICE_ID)


def test_the_listed_choices_and_the_logged_one(before_choice, log):
    assert [a.choice for a in before_choice.legal_actions() if isinstance(a, Choose)] == \
        ["Dunkerque (B11)", "Lille (D11)", "Évreux (E2)"]
    game = gamekit.import_log(copy.deepcopy(log), stop_at=CHOICE_ID + 1)
    action, events = list(game.history())[-1]
    assert action.choice == "Lille (D11)" and events[0].text == "LF's home is Lille (D11)"


@pytest.mark.parametrize("text", ["Évreux (D11)", "D11", "LILLE (D11)", " Lille (D11)", "Lille"])
def test_another_text_is_refused_and_changes_nothing(before_choice, text):
    player = before_choice.legal_actions()[0].entity
    saved = before_choice.to_json()
    with pytest.raises(gamekit.GameError) as refused:
        before_choice.process(Choose(entity=player, choice=text))
    assert refused.value.rule == "1894:stock.late-corporations"
    assert refused.value.message == ("LF's home may be one of Dunkerque (B11), Lille (D11), Évreux (E2), not "
                                  f"{text!r}")
    assert before_choice.to_json() == saved


def test_the_log_with_the_hex_alone_is_refused_at_its_entry(log):
    damaged = copy.deepcopy(log)
    next(a for a in damaged["actions"] if a["id"] == CHOICE_ID)["choice"] = "D11"
    with pytest.raises(gamekit.DataError, match=r"^action 812: 1894:stock.late-corporations: LF's home may be one "
                                                r"of Dunkerque \(B11\), Lille \(D11\), Évreux \(E2\), not 'D11'$"):
        gamekit.import_log(damaged, stop_at=CHOICE_ID + 1)
