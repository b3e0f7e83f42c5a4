"""A list in an action longer than any title's rules allow (:data:`gamekit.actions.MAX_ITEMS`) is refused before any
item is checked (hostile67 #5: a run_routes of 20,000 routes took seconds before its refusal): by ``process`` under
``core:protocol.fields`` with the game unchanged, and by ``load_json`` naming the action."""

from __future__ import annotations

import json
import pickle

import pytest

import gamekit
from gamekit.actions import MAX_ITEMS
from gamekit.errors import DataError, GameError
from gamekit.simulate import _same_state, play_random_game


@pytest.fixture(scope="module")
def played():
    game = play_random_game("1830", 4, 6, cap=4000)
    index = next(i for i, a in enumerate(game.actions) if a.type == "run_routes" and a.routes)
    return game, index


def test_a_run_of_twenty_thousand_routes_is_refused_at_once(played):
    game, index = played
    g, run = game.at(index), game.actions[index]
    before, saved = pickle.dumps(g.state, pickle.HIGHEST_PROTOCOL), g.to_json()
    with pytest.raises(GameError) as refused:
        g.process(run.replace(routes=run.routes * 20000))
    assert refused.value.rule == "core:protocol.fields"
    assert refused.value.message == f"run_routes: field 'routes': a list of at most {MAX_ITEMS} items, not " \
                                    f"{len(run.routes) * 20000}"
    assert _same_state(g, before) and g.to_json() == saved
    g.process(run)  # the real run still applies
    assert g.state == game.at(index + 1).state


def test_a_save_with_a_huge_list_is_refused_naming_the_action(played):
    game, index = played
    data = json.loads(game.to_json())
    data["actions"][index]["routes"] *= MAX_ITEMS + 1
    with pytest.raises(DataError) as refused:
        gamekit.load_json(data)
    assert str(refused.value) == f"save: action {index}: field 'routes': a list of at most {MAX_ITEMS} items, " \
                                 f"not {len(game.actions[index].routes) * (MAX_ITEMS + 1)}"


def test_the_bound_holds_every_real_action(played):
    """The longest list of the played game's actions is far below the bound (the shipped logs' longest is 22)."""
    game, _ = played
    assert all(len(a.routes) <= 4 for a in game.actions if a.type == "run_routes")
    assert len(game.actions) > 200 and gamekit.load_json(game.to_json()).state == game.state
