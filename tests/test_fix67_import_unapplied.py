"""Log entries the import does not apply are read whole and checked as applied ones are (rule ``core:import.log``):
an entry an undo cancelled must still be a known action with only its own fields of the right shape, a chat entry
names its writer and holds text, and a ``program_sell_shares`` entry (no longer written by the site) takes no field
of its own. The fixture's real undone entries still load, and its result is unchanged."""

from __future__ import annotations

import copy
import json

import pytest

from gamekit.errors import DataError
from gamekit.import18xx import filter_actions, import_log

from .fixtures import require_fixtures


@pytest.fixture(scope="module")
def log():
    return json.loads((require_fixtures("1830") / "1830_game_end_bank.json").read_text())


def _undone_run(log):
    """actions[64], the log's id 65: a run_routes that the undo with id 67 (back to 62) cancels."""
    entry = log["actions"][64]
    assert entry["id"] == 65 and entry["type"] == "run_routes"
    assert log["actions"][66] == {**log["actions"][66], "type": "undo", "action_id": 62, "id": 67}
    assert entry not in filter_actions(log["actions"])
    return entry


def test_the_fixture_with_its_undone_entries_replays_to_its_result(log):
    report = import_log(copy.deepcopy(log))
    assert report.ok and report.applied == 606 and report.error is None


@pytest.mark.parametrize("damage, refusal", [
    ({"type": "fly"}, "action 65: action type 'fly' is not supported"),
    ({"entity": None}, "action 65: field 'entity': expected a string or a whole number, not nothing"),
    ({"bogus": 1}, "action 65: field 'bogus' is not part of a run_routes action in our rules"),
    ({"routes": "zz"}, "action 65: field 'routes' must be a list of route objects"),
])
def test_an_undone_entry_is_read_as_an_applied_one(log, damage, refusal):
    broken = copy.deepcopy(log)
    _undone_run(broken).update(damage)
    with pytest.raises(DataError) as refused:
        import_log(broken)
    assert refused.value.message == refusal


@pytest.mark.parametrize("entry, refusal", [
    ({"type": "message", "entity": None, "id": 99999, "message": "hi"},
     "log: actions[1]: field 'entity': expected a string or a whole number, not nothing"),
    ({"type": "message", "id": 99999, "message": "hi"}, "log: actions[1]: no entity"),
    ({"type": "message", "entity": 1, "id": 99999, "message": {"x": 1}},
     "log: actions[1]: field 'message': expected a string, not an object"),
    ({"type": "message", "entity": 1, "id": 99999}, "log: actions[1]: missing 'message'"),
    ({"type": "program_sell_shares", "entity": 1, "id": 99999, "x": 1},
     "log: actions[1]: field 'x' is not part of a program_sell_shares action in our rules"),
])
def test_chat_and_program_entries_are_checked(log, entry, refusal):
    broken = copy.deepcopy(log)
    broken["actions"].insert(1, entry)
    with pytest.raises(DataError) as refused:
        import_log(broken)
    assert refused.value.message == refusal


def test_a_well_formed_chat_entry_still_changes_nothing(log):
    chatty = copy.deepcopy(log)
    chatty["actions"].insert(1, {"type": "message", "entity": chatty["players"][0]["id"], "id": 2, "message": "good luck"})
    for later in chatty["actions"][2:]:  # the site numbers a log's entries in order: those after it move up one
        later["id"] += 1
        if later.get("action_id", 0) >= 2:
            later["action_id"] += 1
    report = import_log(chatty)
    assert report.ok and report.applied == 606
