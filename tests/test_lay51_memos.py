"""The track step's kept answers and lazy look-ups (issue 32) give the answers found afresh, along random games of
1830, 1837 and 1894 (positions built by legal play):

* the blocked hexes (the last union of the closed and the private companies' hexes, kept while both are the same
  objects) equal the union found from the facts;
* the tile lays listed with the blocked hexes looked up only when a candidate needs them equal those listed with
  the blocked hexes given, and a listing that looks them up does so at most once;
* the exits of a manifest tile's towns and cities, kept per tile and rotation, equal those found from its paths;
* the token step's placements, built as checked, equal the same actions built by the checking constructor.
"""

from __future__ import annotations

import pytest

from gamekit.g18xx import track
from gamekit.rng import GameRandom
from gamekit.simulate import random_action
from gamekit.titles import game_class
from gamekit.tracks import lay
from gamekit.tracks.actions import PlaceToken
from gamekit.tracks.board import tile_paths


def check_position(game) -> int:
    """Assert the kept answers against fresh ones for every corporation in ``game`` now; return the lays listed."""
    data, board = game.track, game.state.board
    blocked = track.blocked_hexes(game)
    assert blocked == game.closed_hexes() | track._find_private_hexes(game)
    listed = 0
    for corp in game.state.corporations:
        colours, _ = game.lay_colours(corp, None)
        options = dict(phase_colours=colours, cash=game.state.corporations[corp].cash,
                       restrictive=game.restrictive_upgrades(), upgrades=game.upgrade_rules)
        asked = []

        def lookup():
            asked.append(True)
            return blocked

        given = list(lay.find_lays(data, board, corp, blocked_hexes=blocked, **options))
        assert list(lay.find_lays(data, board, corp, blocked_hexes=lookup, **options)) == given
        assert len(asked) <= 1
        listed += len(given)
        placements = track.token_choices(game, corp) if hasattr(game.state.round, "pending_tokens") else []
        for action in placements:
            assert action == PlaceToken(entity=action.entity, city=action.city, slot=action.slot)
            assert action.tokener is None
    return listed


@pytest.mark.parametrize("title, seed, every", [("1830", 1, 40), ("1837", 3, 200), ("1894", 2, 40)])
def test_kept_track_step_answers_equal_fresh_ones(title, seed, every):
    game = game_class(title)(["Ann", "Ben", "Cy", "Di"], seed=seed)
    rng = GameRandom(seed)
    listed = step = placed = 0
    while not game.is_over:
        if step % every == 0:
            listed += check_position(game)
        if getattr(game.state.round, "step", None) == "token":
            placed += len(track.token_choices(game, game.current_entity))
        game.process(random_action(game, rng))
        step += 1
    assert listed >= 20 and placed >= 5


@pytest.mark.parametrize("title", ["1830", "1837", "1894"])
def test_tile_node_exits_equal_those_of_its_paths(title):
    data = game_class(title)(["Ann", "Ben", "Cy", "Di"], seed=1).track
    compared = 0
    for name, tile in sorted(data.tiles.items()):
        for rotation in range(6):
            paths = tile_paths(data, name, rotation)
            kept = lay._tile_node_exits(data, tile, rotation, paths)
            assert kept == {"city": lay._node_exits(paths, "city", len(tile.cities)),
                            "town": lay._node_exits(paths, "town", len(tile.towns))}, (name, rotation)
            assert lay._tile_node_exits(data, tile, rotation, paths) is kept
            compared += bool(tile.cities or tile.towns)
    assert compared >= 60
