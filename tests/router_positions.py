"""The positions the router searched during a seeded game, for tests that compare a shortcut of the search with
the search made without it."""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Callable

from gamekit.tracks import router


def searched_positions(play: Callable[[], object]) -> list:
    """The position (``router.Position``, its board copied as it was searched) of every route search made while
    ``play()`` runs, in order."""
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
