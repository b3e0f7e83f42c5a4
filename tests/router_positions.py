"""The positions the router searched during a seeded game, for tests that compare a shortcut of the search with
the search made without it."""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Callable

from gamekit.titles import game_class
from gamekit.tracks import router

# the router's memos of answers: a position an earlier game of the process had searched is answered from them
ANSWERS = ("best routes", "best routes by network", "earnings by route graph", "runs on network", "route witnesses")


def forget_answers(title: str) -> None:
    """Empty the router's memos of answers (:data:`ANSWERS`) of ``title``'s track data, so that a game played next
    searches every position it asks about, whatever the process played before."""
    cls = game_class(title)
    cache = cls([f"P{i + 1}" for i in range(cls.min_players)], seed=0).track.cache
    for name in ANSWERS:
        cache.pop(name, None)


def searched_positions(title: str, play: Callable[[], object]) -> list:
    """The position (``router.Position``, its board copied as it was searched) of every route search made while
    ``play()`` runs a game of ``title``, in order, its memos of answers emptied first (so the same game finds the
    same searches whatever the process played before)."""
    forget_answers(title)
    found = []
    search = router._search

    def recording(pos, budget, floor, segments=None):
        found.append(replace(pos, board=copy.deepcopy(pos.board)))
        return search(pos, budget, floor, segments)

    router._search = recording
    try:
        play()
    finally:
        router._search = search
    return found
