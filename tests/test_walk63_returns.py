"""What an upgrade reaches (rule ``track.usable``) read from the corporation's walk (``lay._walk_decides``) against
the walk of the upgraded board (the trial walk the listing makes where the walk does not decide), for every upgrade
the listings of seeded random 1837 games ask about (second edition: semi-restrictive upgrades), and in particular
for those decided by a way the walk crossed back into a looped hex by (``lay._returns_into_new_track``, the ways
kept in :attr:`gamekit.tracks.graph.Reach.return_exits`).
"""

from __future__ import annotations

import pytest

from gamekit.simulate import play_random_game
from gamekit.tracks import graph, lay

GAMES = [("1837", 4, 2), ("1837", 4, 5)]
"""Title, players and seed of the random games played (both reach upgrades decided by a returning way)."""


def _trial_walk(data, board, corporation, old, hex_lay, reach_rule) -> bool:
    """Whether the corporation's walk of the board with ``hex_lay`` laid on ``old``'s hex walks a path of its goal
    (new track; or, semi-restrictive, a kept path whose town or city pays another revenue now)."""
    trial = lay._trial_board(board)
    tile = data.tiles[hex_lay.name]
    # 1837 changes no city count (only two towns become one): the tokens are lifted only where a tile first
    # splits a printed hex of several cities
    lifted = lay._lifts(old, tile, frozenset())
    # any copy of the tile: the walk reads its name and rotation
    lay.set_tile(data, trial, old.hex, f"{hex_lay.name}-0", hex_lay.rotation, hex_lay.city_map, lift=lifted)
    goal = hex_lay.new_track if reach_rule == "restrictive" else hex_lay.new_track + hex_lay.revalued
    return bool(goal) and graph.walks_onto(data, trial, corporation, frozenset((old.hex, i) for i in goal))


@pytest.mark.parametrize("title, players, seed", GAMES)
def test_walk_decides_as_the_upgraded_board_is_walked(title, players, seed, monkeypatch):
    decides, returning = lay._walk_decides, lay._returns_into_new_track
    asked = {"decided": 0, "returning": 0}

    def counted(walk, coord, hex_lay):
        found = returning(walk, coord, hex_lay)
        asked["returning"] += found
        return found

    def checked(data, board, corporation, old, hex_lay, walk, reach_rule):
        found = decides(data, board, corporation, old, hex_lay, walk, reach_rule)
        if found is not None:
            assert found == _trial_walk(data, board, corporation, old, hex_lay, reach_rule), (
                seed, corporation, old.hex, hex_lay.name, hex_lay.rotation)
            asked["decided"] += 1
        return found

    monkeypatch.setattr(lay, "_walk_decides", checked)
    monkeypatch.setattr(lay, "_returns_into_new_track", counted)
    play_random_game(title, players, seed)
    assert asked["decided"] > 1000 and asked["returning"] > 3
