"""The save's actions are written by the JSON encoder with :func:`gamekit.model.json_default` for records: the same
text as each action's ``to_json`` dumped, for every action of a random game of every title (nested records,
tuples of tuples and the JSON names of fields included)."""

from __future__ import annotations

import json

import pytest

import gamekit
from gamekit.model import json_default
from gamekit.simulate import play_random_game
from gamekit.titles import title_names
from gamekit.tracks.facts import ExchangeFacts


@pytest.mark.parametrize("title", sorted(title_names()))
def test_every_action_is_written_as_its_to_json(title):
    game = play_random_game(title, 4, 3)
    for action in game.actions:
        assert json.dumps(action, default=json_default) == json.dumps(action.to_json()), action
    saved = json.loads(game.to_json())
    assert saved["actions"] == [a.to_json() for a in game.actions]
    assert gamekit.load_json(game.to_json()).to_json() == game.to_json()


def test_a_field_with_a_json_name_is_written_under_it():
    exchange = ExchangeFacts(corporation="NYC", from_=("ipo", "market"))
    assert json.dumps(exchange, default=json_default) == '{"corporation": "NYC", "from": ["ipo", "market"]}'


def test_anything_else_is_refused_as_json_refuses_it():
    with pytest.raises(TypeError, match="set is not JSON serializable"):
        json_default({1})
