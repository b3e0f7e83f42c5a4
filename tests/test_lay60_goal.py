"""The walk that looks for a goal (``graph.walks_onto``, a tried upgrade's rule ``track.usable``) shares the steps
done by its walks from each token city: it must answer as the whole walk (:func:`gamekit.tracks.graph.reach`,
which walks from each token city with steps of its own) does, for corporations of several token cities, at
positions of seeded random games of 1837 and 1830. Rules: ``1830:track.connect``, ``1837:track.usable``.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from gamekit.simulate import play_random_game
from gamekit.tracks import graph
from gamekit.tracks.board import corporation_cities, placed_tile

POSITIONS = [("1837", 4, 2, 2500), ("1837", 4, 3, 5000), ("1830", 4, 2, 1500)]
"""Title, players, seed and how many actions of the game to play."""


@pytest.mark.parametrize("title, players, seed, cap", POSITIONS)
def test_goal_walks_of_several_token_cities(title, players, seed, cap):
    game = play_random_game(title, players, seed, cap=cap)
    board = game.state.board
    data = replace(game.track, cache={})  # nothing memoised: each walk made afresh
    corporations = [corp for corp in sorted(game.state.corporations) if len(corporation_cities(board, corp)) > 1]
    assert corporations
    asked = reached = 0
    for corp in corporations:
        walk = graph._trail(data, board, corp)
        for coord in sorted(walk.edges):
            for index in range(len(placed_tile(data, board, coord).paths)):
                expected = (coord, index) in walk.paths
                assert graph.walks_onto(data, board, corp, frozenset({(coord, index)})) is expected, (corp, coord)
                asked += 1
                reached += expected
        # a goal of every path the walk did not walk: the walk to its end answers no
        missed = frozenset((coord, index) for coord in walk.edges
                           for index in range(len(placed_tile(data, board, coord).paths))
                           if (coord, index) not in walk.paths)
        assert graph.walks_onto(data, board, corp, missed) is False or not missed
    assert reached > 20 and asked > reached
