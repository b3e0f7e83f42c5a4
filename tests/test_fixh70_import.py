"""hostile70 defects 4 and 5: no field of an 18xx.games log is passed over unread. A nested ``auto_actions`` is
refused; a chat, program, undo or redo entry's entity, ``entity_type`` and settings are checked as an applied
entry's are; ``created_at`` is a whole number; ids come in order; 1837's forced-exchange ``choose`` is read
whole before it is taken back."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from gamekit.errors import DataError
from gamekit.import18xx import import_log

LOG_1830 = Path(__file__).parent.parent / "data" / "1830" / "games" / "26855.json"


@pytest.fixture(scope="module")
def log():
    """The real 1830 game 26855 shipped with gamekit (ids 1, 2, 3, …; its players' ids are numbers)."""
    return json.loads(LOG_1830.read_text())


def inserted(log: dict, entry: dict, at: int = 3) -> dict:
    """A copy of ``log`` with ``entry`` put before its entry ``at``, given that entry's id, and the ids after it
    (and the undo targets among them) one higher, as the site would have numbered them."""
    data = copy.deepcopy(log)
    new = data["actions"][at]["id"]
    for later in data["actions"][at:]:
        later["id"] += 1
        if later.get("action_id", 0) >= new:
            later["action_id"] += 1
    data["actions"].insert(at, {**entry, "id": new})
    return data


def refusal(data: dict) -> str:
    with pytest.raises(DataError) as refused:
        import_log(data, strict=True)
    return str(refused.value)


def test_an_entry_that_changes_nothing_put_in_order_still_changes_nothing(log):
    player = log["players"][0]["id"]
    data = inserted(log, {"type": "program_buy_shares", "entity": player, "entity_type": "player",
                          "corporation": "B&O", "until_condition": "float", "from_market": False,
                          "auto_pass_after": False, "created_at": 1})
    report = import_log(data)
    assert report.ok and report.applied == import_log(log).applied


def test_a_nested_auto_action_is_refused(log):
    data = copy.deepcopy(log)
    data["actions"][5]["auto_actions"] = [dict(data["actions"][6], auto_actions=[{"type": "bogus", "zzz": 1}])]
    assert refusal(data) == "log: actions[5].auto_actions[0]: field 'auto_actions': an automatic action has none " \
        "of its own"


@pytest.mark.parametrize("entry, error", [
    ({"type": "message", "entity": "nobody", "message": "hi"},
     "action 4: field 'entity': nobody is not a player of this log (its players: 1627, 82, 117, 330)"),
    ({"type": "program_share_pass", "entity": "B&O", "unconditional": True, "indefinite": False},
     "action 4: field 'entity': B&O is not a player of this log (its players: 1627, 82, 117, 330)"),
    ({"type": "program_share_pass", "entity": 1627, "unconditional": "yes", "indefinite": False},
     "action 4: field 'unconditional': 'yes' is not true or false"),
    ({"type": "program_buy_shares", "entity": 1627, "corporation": "XXX", "until_condition": "float"},
     "action 4: field 'corporation': 'XXX' is not a corporation of this game"),
    ({"type": "program_buy_shares", "entity": 1627, "corporation": "PRR", "until_condition": {"a": 1}},
     "action 4: field 'until_condition': {'a': 1} is not 'float' or a number of shares"),
    ({"type": "message", "entity": 1627, "entity_type": "corporation", "message": "m"},
     "action 4: field 'entity_type': 1627 is a player, not a corporation"),
    ({"type": "message", "entity": 1627, "entity_type": "xyz", "message": "m"},
     "log: actions[3]: field 'entity_type': 'xyz' is not one of player, corporation, company, minor"),
    ({"type": "undo", "entity": [1, 2]},
     "log: actions[3]: field 'entity': expected a string or a whole number, not a list"),
    ({"type": "undo", "entity": "ghost"},
     "action 4: field 'entity': ghost is not a player of this log nor a company of its game"),
    ({"type": "message", "entity": 1627, "message": "m", "created_at": "yesterday"},
     "log: actions[3]: field 'created_at' must be a whole number"),
    ({"type": "message", "entity": 1627, "message": "m", "user": {"x": 1}},
     "log: actions[3]: field 'user': expected a string or a whole number, not an object"),
])
def test_an_entry_that_changes_nothing_is_read_whole(log, entry, error):
    assert refusal(inserted(log, entry)) == error


@pytest.mark.parametrize("change, error", [
    (lambda actions: actions[10].update(id=9999),
     "log: actions[11]: field 'id': 12 is out of order: the site numbers a game's actions 1, 2, 3, … in order"),
    (lambda actions: actions[0].update(id=-3),
     "log: actions[0]: field 'id': -3 is out of order: the site numbers a game's actions 1, 2, 3, … in order"),
])
def test_ids_come_in_order(log, change, error):
    data = copy.deepcopy(log)
    change(data["actions"])
    assert refusal(data) == error


@pytest.fixture(scope="module")
def log_1837():
    path = Path(__file__).parent.parent / "data" / "1837" / "games"
    found = sorted(path.glob("*.json")) if path.is_dir() else []
    real = [p for p in found if p.name != "sources.json" and
            any(auto.get("type") == "choose" for a in json.loads(p.read_text())["actions"]
                for auto in a.get("auto_actions") or ())]
    if not real:
        pytest.skip("no shipped 1837 game records a forced coal exchange")
    return json.loads(real[0].read_text())


@pytest.mark.parametrize("change, error", [
    ({"bogus": 1}, "field 'bogus' is not part of a choose action in our rules"),
    ({"entity_type": "minor"}, "field 'entity_type': {entity} is a corporation, not a minor"),
])
def test_1837s_forced_exchange_is_read_whole(log_1837, change, error):
    data = copy.deepcopy(log_1837)
    entry, auto = next((a, auto) for a in data["actions"] for auto in a.get("auto_actions") or ()
                       if auto["type"] == "choose" and auto.get("choice") == "Exchange" and "id" not in auto)
    assert import_log(log_1837).ok  # as the site wrote it, the exchange our rules made already is taken back
    auto.update(change)
    assert refusal(data) == f"action {entry['id']}: " + error.format(entity=auto["entity"])
