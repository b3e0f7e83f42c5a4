"""The trail walk found from a kept walk (``graph._extended``) against the walk made afresh, along seeded random
games of 1837 and 1830 (positions built by legal play).

Where :func:`gamekit.tracks.graph.reach` misses its kept walks, it finds the walk from the latest kept walk of the
same token cities when only tokens that pass or stop the corporation as they did changed, and at most one hex got
a tile whose new track the old walk meets only at edges facing nothing walked. Every such answer must equal, field
by field (nodes, paths, edges, arrivals, looped hexes, returns), the no-reverse walk made on a copy of the track
data with nothing memoised. Rules: ``1830:track.connect``, ``1830:route.blocked``.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from gamekit.simulate import play_random_game
from gamekit.tracks import graph

GAMES = [("1837", 4, 1), ("1830", 4, 1)]
"""Title, players and seed of the random games played."""

FIELDS = ("nodes", "paths", "edges", "arrivals", "looped", "returns")
"""The fields of a :class:`~gamekit.tracks.graph.Reach` compared."""


@pytest.mark.parametrize("title, players, seed", GAMES)
def test_extended_walks_equal_fresh_walks(title, players, seed, monkeypatch):
    found = []
    extended = graph._extended

    def checked(data, board, corporation, cities, kept):
        answer = extended(data, board, corporation, cities, kept)
        if answer is not None:
            fresh = graph._trail(replace(data, cache={}), board, corporation)
            for name in FIELDS:
                assert getattr(answer, name) == getattr(fresh, name), (title, corporation, name)
            assert all(answer is not walked for *_, walked in kept)  # a new object: the kept walk is unchanged
            found.append(answer)
        return answer

    monkeypatch.setattr(graph, "_extended", checked)
    play_random_game(title, players, seed)
    # the game reached positions where a kept walk served (a tile laid at the network's edge, a token elsewhere)
    assert len(found) > 20


def test_extension_walks_the_new_tile_only(monkeypatch):
    """Of the walks found from a kept walk in a 1837 game, some add the track of a new tile (their paths hold
    more than the kept walk's) and some are copies (a token changed elsewhere): both kinds are met."""
    grew = same = 0
    extended = graph._extended

    def counted(data, board, corporation, cities, kept):
        nonlocal grew, same
        answer = extended(data, board, corporation, cities, kept)
        if answer is not None:
            then = next(walked for walked_cities, *_, walked in kept if walked_cities == cities)
            assert then.paths <= answer.paths and then.nodes <= answer.nodes
            assert answer.looped == then.looped and answer.returns == then.returns  # the new track loops nowhere
            if answer.paths == then.paths:
                same += 1
            else:
                grew += 1
        return answer

    monkeypatch.setattr(graph, "_extended", counted)
    play_random_game("1837", 4, 5)
    assert grew > 20 and same > 0
