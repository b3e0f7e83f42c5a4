"""Refusals of malformed actions and save versions name the file's values in JSON's spelling (null, true), never
Python's (None, True), and a value's kind in words, never a Python type name (rule ``core:save``)."""

import json

import pytest

import gamekit
from gamekit.actions import action_from_json
from gamekit.errors import DataError
from gamekit.simulate import new_bot_game


@pytest.mark.parametrize("data, said", [
    ({"type": None}, "action 0: unknown action type null"),
    ({"type": True}, "action 0: unknown action type true"),
    (5, "action 0: expected a JSON object, got a whole number"),
    ({"type": "bid", "entity": "P1", "company": "SV", "price": True},
     "action 0: field 'price': expected a whole number, got true"),
])
def test_action_refusals_in_json_spelling(data, said):
    with pytest.raises(DataError) as refused:
        action_from_json(data, "action 0")
    assert str(refused.value) == said


@pytest.mark.parametrize("version, shown", [(None, "null"), (True, "true"), (False, "false")])
def test_save_version_in_json_spelling(version, shown):
    save = json.loads(new_bot_game("1830", 4, 1).to_json())
    save["version"] = version
    with pytest.raises(DataError) as refused:
        gamekit.load_json(json.dumps(save))
    assert str(refused.value) == f"save: field 'version' must be a whole number from 1, not {shown}"
