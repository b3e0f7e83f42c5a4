"""A plain ``undo`` with no action in effect to undo (first in a log, or after every action is undone) is refused
naming the entry, as a ``redo`` with nothing undone is: the site offers neither, so the entry was edited by hand."""

import json
from pathlib import Path

import pytest

from gamekit.errors import DataError
from gamekit.import18xx import filter_actions, import_log

LOG = Path(__file__).resolve().parent.parent / "data" / "1830" / "games" / "26855.json"


def test_a_leading_undo_is_refused():
    log = json.loads(LOG.read_text(encoding="utf-8"))
    log["actions"].insert(0, {"type": "undo", "entity": log["actions"][0]["entity"], "entity_type": "player",
                              "id": 0})
    with pytest.raises(DataError) as refused:
        import_log(log)
    assert str(refused.value.message) == "action 0: undo with nothing to undo"


def test_an_undo_after_all_is_undone_is_refused_and_one_with_something_left_is_not():
    bid = {"type": "bid", "entity": 1, "id": 1}
    assert filter_actions([bid, {"type": "undo", "id": 2}, {"type": "redo", "id": 3}]) == [bid]
    with pytest.raises(DataError) as refused:
        filter_actions([bid, {"type": "undo", "id": 2}, {"type": "undo", "id": 3}])
    assert str(refused.value.message) == "action 3: undo with nothing to undo"
