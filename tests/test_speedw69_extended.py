"""The trail walk found from a kept walk (``graph._extended``) against the walk made afresh, along seeded bot
games of 1830, 1837 and 1894, random and heuristic (positions built by legal play).

Where :func:`gamekit.tracks.graph.reach` misses its kept walks, it finds the walk from the latest kept walk of the
same token cities when only tokens that pass or stop the corporation as they did changed, and at most one hex got
a tile whose new track the old walk meets only at edges facing nothing walked. Every such answer must equal, field
by field (nodes, paths, edges, arrivals, looped hexes, returns and their exits), the no-reverse walk made on a copy
of the track data with nothing memoised, and the kept walks must stay as they were (``tests/test_trail55_extended.py``
compares the fields but the returns' exits, along random 1830 and 1837 games). Rules: ``1830:track.connect``,
``1830:route.blocked``.
"""

from __future__ import annotations

import copy
from dataclasses import replace

import pytest

from gamekit.bots import play_seats
from gamekit.simulate import play_random_game
from gamekit.tracks import graph

GAMES = [("1830", "random", 4, 1), ("1830", "random", 4, 2), ("1837", "random", 4, 2), ("1894", "random", 4, 1),
         ("1894", "heuristic", 4, 1)]
"""Title, bot, players and seed of the games played."""

FIELDS = ("nodes", "paths", "edges", "arrivals", "looped", "returns", "return_exits")
"""Every field of a :class:`~gamekit.tracks.graph.Reach`."""


def _play(title: str, bot: str, players: int, seed: int) -> None:
    """Play the seeded game of ``title`` with ``players`` seats of the ``bot`` ("random" or a named bot)."""
    if bot == "random":
        play_random_game(title, players, seed)
    else:
        play_seats(title, [bot] * players, seed)


@pytest.mark.parametrize("title, bot, players, seed", GAMES)
def test_extended_walks_equal_fresh_walks(title, bot, players, seed, monkeypatch):
    grew = 0  # the walks found that add a new tile's track (the others are copies: only tokens changed)
    extended = graph._extended

    def compared(data, board, corporation, cities, kept):
        nonlocal grew
        before = copy.deepcopy([walked for *_, walked in kept])
        answer = extended(data, board, corporation, cities, kept)
        if answer is not None:
            fresh = graph._trail(replace(data, cache={}), board, corporation)
            for name in FIELDS:
                assert getattr(answer, name) == getattr(fresh, name), (title, corporation, name)
            assert all(answer is not walked for *_, walked in kept)  # a new object
            for walked, then in zip([walked for *_, walked in kept], before):
                for name in FIELDS:  # the kept walks are unchanged
                    assert getattr(walked, name) == getattr(then, name), (title, corporation, name)
            then = next(walked for walked_cities, *_, walked in kept if walked_cities == cities)
            grew += answer.paths != then.paths
        return answer

    monkeypatch.setattr(graph, "_extended", compared)
    _play(title, bot, players, seed)
    # each game reaches positions where a kept walk serves with a new tile's track added (15 to 83 of them)
    assert grew >= 10
