"""Printed hexes alike share their tile-lay listing (issue 32): :func:`~gamekit.tracks.lay.hex_lays` of an unlaid
hex is memoised under its printed parts, colour, open edges, future label and rules (``lay._printed_key``), not
its coordinate. Every printed hex of each title's map is listed afresh, with every memo empty, and hexes that share
a key must have the same lays; and the memoised answer of each hex is its fresh one."""

from __future__ import annotations

from collections import defaultdict

import pytest

from gamekit.titles import game_class
from gamekit.tracks import lay
from gamekit.tracks.board import new_board, placed_tile
from gamekit.tracks.lay import open_exits

from .test_lay46_caches import cold_listings


@pytest.mark.parametrize("title", ["1830", "1837", "1894"])
def test_printed_hexes_with_one_key_have_the_same_lays(title):
    game = game_class(title)(["Ann", "Ben", "Cy", "Di"], seed=1)
    data, rules = game.track, game.upgrade_rules
    shape = lay._shape_rules(rules)
    board = new_board(data)
    fresh = cold_listings(data, board, shape)
    groups = defaultdict(list)
    for coord, printed in data.hexes.items():
        key = lay._printed_key(placed_tile(data, board, coord))
        if key is not None:
            future = printed.future_label
            groups[(key, printed.colour, open_exits(data, coord, shape.closed_borders),
                    None if future is None else (future.label, future.colour))].append(coord)
    shared = [coords for coords in groups.values() if len(coords) > 1 and fresh[coords[0]]]
    assert len(shared) >= 2  # the map has plain hexes alike: the shared listing is compared
    for coords in shared:
        assert all(fresh[coord] == fresh[coords[0]] for coord in coords), coords
    for coord in data.hexes:
        assert lay.hex_lays(data, placed_tile(data, board, coord), rules) == fresh[coord], coord
