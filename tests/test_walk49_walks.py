"""The listings of lays kept per walk and the walk with any number of reversals (issue 32), against fresh answers
along seeded random games of 1837 and 1894 (positions built by legal play).

:func:`gamekit.tracks.lay.find_lays` keeps one listing per walk (``_network_lays``, the oldest dropped first): with a
memo too small for a game's walks, the lays listed must still equal those of a fresh listing. The walk that may
reverse any number of times (1837's token connection in its second edition) runs on the tiles' steps
(``_open_walk``): it must reach what the walk of states reaches (``_walk``). Rules: ``1830:track.connect``,
``1837:token.connect``.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from gamekit.rng import GameRandom
from gamekit.simulate import random_action
from gamekit.titles import game_class
from gamekit.tracks import graph, lay

from .test_walk47_listing import _options, _reference


def _fields(walk: graph.Reach) -> tuple:
    return walk.nodes, walk.paths, walk.edges, walk.arrivals, walk.looped, walk.returns


@pytest.mark.parametrize("title, seed", [("1837", 2), ("1894", 5)])
def test_listings_of_a_memo_too_small_for_the_walks_equal_fresh_listings(title, seed, monkeypatch):
    monkeypatch.setattr(lay, "LISTINGS_KEPT", 3)
    game = game_class(title)([f"P{i + 1}" for i in range(4)], seed=seed)
    lay.memo(game.track, "network lays").clear()  # the title's memo, filled by earlier games to the usual size
    rng = GameRandom(seed)
    compared = listed = 0
    while not game.is_over and compared < 40:
        corp = game.current_entity
        if corp in game.state.corporations and getattr(game.state.round, "step", None) == "track":
            options = _options(game, corp)
            warm = list(lay.find_lays(game.track, game.state.board, corp, **options))
            assert warm == _reference(game, corp, options), (title, seed, len(game.actions), corp)
            assert len(lay.memo(game.track, "network lays")) <= 3
            compared += 1
            listed += len(warm)
        game.process(random_action(game, rng))
    assert compared >= 30 and listed >= 20


@pytest.mark.parametrize("seed", [1, 4])
def test_walk_with_any_reversals_equals_the_walk_of_states(seed):
    """The walk with any number of reversals on the tiles' steps (``_open_walk``, 1837's second edition) reaches
    what the walk of states ``(hex, path, end entered by, reversals)`` reaches (``_walk``), at the positions of a
    random game, each on an empty memo (rule ``1837:token.connect``)."""
    game = game_class("1837")([f"P{i + 1}" for i in range(4)], seed=seed, options=("edition=2nd",))
    assert game.token_reversals() is None
    rng = GameRandom(seed)
    compared = reached = 0
    while not game.is_over and len(game.actions) < 2500:
        if len(game.actions) % 25 == 0:
            board = game.state.board
            for corp in sorted(game.state.corporations):
                data = replace(game.track, cache={})
                states = graph._walk(data, board, corp, None, None)
                steps = graph._open_walk(data, board, corp)
                assert _fields(steps) == _fields(states), (seed, len(game.actions), corp)
                compared += 1
                reached += len(steps.paths)
        game.process(random_action(game, rng))
    assert compared >= 500 and reached >= 2000
