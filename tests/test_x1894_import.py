"""The site's undo and redo entries are read whole, like every other entry of an 18xx.games log: an undo may name
the action it goes back to (``action_id``), a redo nothing; any other field is refused in one line naming the
entry, before a game is set up (rule ``core:import.log``)."""

from __future__ import annotations

import pytest

from gamekit.bots import play_seats
from gamekit.errors import DataError
from gamekit.import18xx import import_log, read_log


@pytest.fixture(scope="module")
def log():
    """The log of 12 moves of a 3-player 1830 game, then an undo of the last one and its redo."""
    game = play_seats("1830", ["random"] * 3, 11, cap=12)
    data = game.to_18xx_log()
    player = game.players[0].id
    data["actions"] += [{"type": "undo", "entity": player, "entity_type": "player", "id": 13, "action_id": 11,
                         "user": player, "created_at": 1},
                        {"type": "redo", "entity": player, "entity_type": "player", "id": 14, "user": player}]
    return data


def test_an_undo_and_redo_with_their_own_fields_replay(log):
    report = import_log(log, strict=True)
    assert report.applied == 12 and report.error is None


@pytest.mark.parametrize("index, field", [(-2, "price"), (-1, "action_id"), (-1, "routes")])
def test_an_unknown_field_of_an_undo_or_redo_is_refused_naming_the_entry(log, index, field):
    entries = [dict(e) for e in log["actions"]]
    entries[index][field] = 5
    kind = entries[index]["type"]
    with pytest.raises(DataError) as refusal:
        read_log({**log, "actions": entries})
    assert str(refusal.value) == (f"log: actions[{len(entries) + index}]: field '{field}' is not part of a {kind} "
                                  "action in our rules")
    assert field not in log["actions"][index]  # the caller's log is left as it was
