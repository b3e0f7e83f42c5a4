"""The candidate lays of a walk by phase colours (issue 32), against fresh answers along seeded random games of 1830,
1837 and 1894 (positions built by legal play).

:meth:`gamekit.tracks.lay._NetworkLays.of_colours` builds only the candidates of the colours asked, each hex's from
the touching-lays memo kept under those colours: they must be, in order, the candidates of every colour found on an
empty memo (every lay of every hex the walk touches whose exits meet the edges touched there) of those colours.
Rules: ``1830:track.connect``, ``1830:track.colour``.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from gamekit.tracks import graph, lay
from gamekit.tracks.board import placed_tile
from gamekit.tracks.mapdata import COLOURS

from .bot_positions import operating_positions


def _every_candidate(game, corp: str) -> list:
    """``(hex, tile there, lay)`` for every lay of every hex ``corp``'s walk touches that meets the touched edges,
    by hex, found on an empty memo."""
    data = replace(game.track, cache={})
    walked_on = lay.network_board(game.state.board, corp, game.upgrade_rules)
    walk = graph._trail(data, walked_on, corp)
    out = []
    for coord in sorted(walk.edges):
        old = placed_tile(data, walked_on, coord)
        out += [(coord, old, found) for found in lay.hex_lays(data, old, game.upgrade_rules)
                if found.exits & walk.edges[coord]]
    return out


@pytest.mark.parametrize("title, players, seed, cap, every", [("1830", 4, 2, 900, 3), ("1837", 4, 2, 2500, 15),
                                                              ("1894", 3, 3, 900, 3)])
def test_candidates_of_colours_equal_every_fresh_candidate_of_those_colours(title, players, seed, cap, every):
    steps = compared = found = 0
    for game, corp in operating_positions(title, players, seed, cap):
        if game.state.round.step != "track" or game.state.round.pending_tokens:
            continue
        steps += 1
        if steps % every:
            continue
        compared += 1
        data, rules = game.track, game.upgrade_rules
        walked_on = lay.network_board(game.state.board, corp, rules)
        walk = graph.reach(data, walked_on, corp)
        listing = lay._network_lays(data, corp, walk, lay._reach_rule(game.restrictive_upgrades(), rules), rules)
        fresh = _every_candidate(game, corp)
        phase, _ = game.lay_colours(corp, None)
        for colours in (tuple(phase), COLOURS, ("green",), tuple(phase)):
            kept = listing.of_colours(data, walked_on, colours)
            assert [(c, o, f) for c, o, f in kept] == [(c, o, f) for c, o, f in fresh if f.colour in colours], \
                (title, seed, len(game.actions), corp, colours)
            found += len(kept)
    assert compared >= 10 and found >= 50
