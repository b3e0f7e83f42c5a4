"""A save's action that leaves out a field ``Game.to_json`` always writes is refused as missing, in one line
naming the action and the field; an 18xx.games log, which leaves some out, keeps its own defaults (hostile69
item 3)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import gamekit
from gamekit.actions import action_from_json
from gamekit.errors import DataError

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = sorted([*ROOT.glob("data/*/sample*game.json"),
                  *(p for p in ROOT.glob("tests/saves/*.v*.json") if not p.name.startswith("expected"))])


@pytest.mark.parametrize("data, field", [
    ({"type": "buy_train", "entity": "B&O", "train": "2-1", "price": 80}, "variant"),
    ({"type": "buy_train", "entity": "B&O", "train": "2-1", "price": 80, "variant": None}, "exchange"),
    ({"type": "place_token", "entity": "B&O", "city": "57-0-0"}, "slot"),
    ({"type": "place_token", "entity": "B&O", "city": "57-0-0", "slot": 0}, "tokener"),
    ({"type": "run_routes", "entity": "B&O", "routes": [{"train": "2-0", "connections": [["I15", "J14"]],
                                                          "revenue": 50}]}, "routes.0.hexes"),
])
def test_a_defaulted_field_left_out_is_missing(data, field):
    """These loaded as the default (variant None, slot 0, a route of no hexes) before."""
    with pytest.raises(DataError) as refusal:
        action_from_json(data, "save: action 7")
    assert str(refusal.value) == f"save: action 7: field {field!r}: missing"


def _damaged(kind: str, field: str) -> tuple[int, dict]:
    save = json.loads((ROOT / "data/1830/sample_game.json").read_text())
    index = next(i for i, a in enumerate(save["actions"]) if a["type"] == kind)
    del save["actions"][index][field]
    return index, save


@pytest.mark.parametrize("kind, field", [("place_token", "slot"), ("buy_train", "variant"),
                                         ("place_token", "tokener")])
def test_a_save_missing_a_field_is_refused_at_that_action(kind, field):
    index, save = _damaged(kind, field)
    with pytest.raises(DataError) as refusal:
        gamekit.load_json(json.dumps(save))
    assert str(refusal.value) == f"save: action {index}: field {field!r}: missing"


@pytest.mark.parametrize("path", SHIPPED, ids=[p.name for p in SHIPPED])
def test_every_shipped_save_writes_every_field(path):
    """The samples the notebooks load and the committed saves of every title load, and save again unchanged."""
    text = path.read_text()
    game = gamekit.load_json(text)
    assert json.loads(game.to_json())["actions"] == json.loads(text)["actions"]


def test_an_18xx_games_log_still_takes_its_defaults():
    """The site logs some buy_train actions without ``variant`` (7 of 34 in game 26855): the import reads them."""
    log = json.loads((ROOT / "data/1830/games/26855.json").read_text())
    bought = [a for a in log["actions"] if a["type"] == "buy_train" and not a.get("skip")]
    assert sum("variant" not in a for a in bought) == 7
    game = gamekit.import_log(log)
    assert (game.is_over, game.outcome.reason) == (True, "bankrupt")
