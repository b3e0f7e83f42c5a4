"""The cube-rail titles copy their state by hand before every action (``_snapshot``/``_restore``) instead of
pickling it: the copy must hold every value of the state and share no mutable object with it, at every kind of
position of real play (opening auctions, bids, builds, dividends, the end)."""

from __future__ import annotations

import dataclasses

import pytest

from gamekit.cuberails.cd_state import TurnRecord
from gamekit.rng import GameRandom
from gamekit.simulate import play_random_game

from .test_continental_divide_support import snapshot


# records written once and never changed, which the copies share on purpose (CDState.clone)
WRITTEN_ONCE = (TurnRecord,)


def _mutables(value, found: dict[int, object]) -> dict[int, object]:
    """Every list, dict, dataclass record and generator reachable from ``value``, by id (except records written
    once)."""
    if isinstance(value, WRITTEN_ONCE):
        return found
    if isinstance(value, (list, dict, GameRandom)) or dataclasses.is_dataclass(value):
        found[id(value)] = value
    if dataclasses.is_dataclass(value):
        for f in dataclasses.fields(value):
            _mutables(getattr(value, f.name), found)
    elif isinstance(value, dict):
        for v in value.values():
            _mutables(v, found)
    elif isinstance(value, (list, tuple)):
        for v in value:
            _mutables(v, found)
    return found


@pytest.mark.parametrize("title, players", [("american-rails", 3), ("american-rails", 5),
                                            ("continental-divide", 4)])
def test_state_copy_is_whole_and_independent(title, players):
    game = play_random_game(title, players, seed=3)
    assert game.is_over
    for index in range(0, len(game.actions) + 1, 7):
        position = game.at(index)
        copy = position._restore(position._snapshot())
        assert snapshot(_with_state(position, copy)) == snapshot(position)
        shared = set(_mutables(position.state, {})) & set(_mutables(copy, {}))
        assert not shared, [type(_mutables(copy, {})[i]).__name__ for i in shared]


def _with_state(game, state):
    other = game.fork()
    other.state = state
    return other
