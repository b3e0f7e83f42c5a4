"""1837: a save of a game read from a log keeps the par chart's places the log chose where they are not the first
free place (``Game.saved_fields``), and loading it checks them as the import does (``Game.action_from_save``, rule
``1837:market.par``); a game of our own, or one whose log took the first free places, saves its pars as before."""

from __future__ import annotations

import json

import pytest

import gamekit
from gamekit.games import real_game
from gamekit.bots import play_seats

# the real game's pars after its undos: (corporation, price, place on the par chart)
REAL_PARS = [("TI", "104,0,2", 0), ("MS", "104,0,2", 1), ("TR", "70,6,2", 0), ("BH", "75,5,2", 1),
             ("GT", "97,1,2", 0), ("CL", "97,1,2", 1), ("BK", "91,2,2", 0)]


def pars(entries):
    return [(a["corporation"], a["share_price"], a.get("slot")) for a in entries if a["type"] == "par"]


@pytest.fixture(scope="module")
def imported():
    return gamekit.import_log(real_game("1837", "1837_game_end_bank").log())


# what a save holds: the place only where the log chose another than the first free one (BH's at 75 K)
SAVED_PARS = [(corp, price, 1 if corp == "BH" else None) for corp, price, _ in REAL_PARS]


def test_the_save_holds_the_places_and_loads_back_to_the_same_game(imported):
    saved = imported.to_json()
    assert pars(json.loads(saved)["actions"]) == SAVED_PARS
    loaded = gamekit.load_json(saved)
    assert loaded.to_json() == saved
    assert pars(loaded.to_18xx_log()["actions"]) == REAL_PARS
    assert pars(gamekit.load_json(loaded.to_json()).to_18xx_log()["actions"]) == REAL_PARS  # saved twice


def test_a_position_saved_keeps_the_places_before_it(imported):
    index = next(i for i, a in enumerate(imported.actions) if a.type == "par" and a.corporation == "BH")
    assert pars(json.loads(imported.at(index).to_json())["actions"]) == SAVED_PARS[:3]
    assert pars(json.loads(imported.at(index + 1).to_json())["actions"]) == SAVED_PARS[:4]
    assert pars(gamekit.load_json(imported.at(index + 1).to_json()).to_18xx_log()["actions"]) == REAL_PARS[:4]


def test_a_saved_place_another_major_holds_is_refused(imported):
    data = json.loads(imported.to_json())
    index, entry = [(i, a) for i, a in enumerate(data["actions"]) if a["type"] == "par"][1]  # MS at 104 K
    entry["slot"] = 0
    with pytest.raises(gamekit.DataError) as refused:
        gamekit.load_json(data)
    assert str(refused.value) == (f"save: action {index}: field 'slot': place 0 beside 104K holds TI's marker; a par "
                                  "takes a free place (1) (rule 1837:market.par)")
    entry["slot"] = "1"
    with pytest.raises(gamekit.DataError, match=rf"^save: action {index}: field 'slot' must be a whole number$"):
        gamekit.load_json(data)


def test_a_slot_on_another_action_is_still_refused(imported):
    data = json.loads(imported.to_json())
    index, entry = next((i, a) for i, a in enumerate(data["actions"]) if a["type"] == "buy_shares")
    entry["slot"] = 0
    with pytest.raises(gamekit.DataError, match=rf"^save: action {index}: .*slot"):
        gamekit.load_json(data)


def test_our_own_pars_save_no_place():
    game = play_seats("1837", ["heuristic"] * 3, 1, cap=600)
    saved = pars(json.loads(game.to_json())["actions"])
    assert len(saved) == 6 and all(slot is None for *_, slot in saved)
    assert gamekit.load_json(game.to_json()).to_json() == game.to_json()
