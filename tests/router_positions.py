"""The positions the router searched during a seeded game, for tests that compare a shortcut of the search with
the search made without it."""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Callable

from gamekit.bots import play_seats
from gamekit.simulate import play_random_game
from gamekit.titles import game_class
from gamekit.tracks import router
from gamekit.tracks.graph import passable

# the router's memos of answers: a position an earlier game of the process had searched is answered from them
SEARCHING_GAMES = [("1837", lambda: play_random_game("1837", 4, 2)), ("1830", lambda: play_random_game("1830", 4, 1)),
                   ("1894", lambda: play_seats("1894", ["heuristic"] * 4, 1))]
"""(title, play) pairs: seeded games whose route searches reuse kept answers (1837 and 1830 random games, a 1894
game of heuristic bots), for the tests that check a kept answer against one found afresh at every search."""


ANSWERS = ("best routes", "best routes by network", "runs on network", "route witnesses")


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


def network_view(pos, target: Callable[[tuple], bool]) -> tuple[list, list[set[int]], list[bool], list[bool]]:
    """``pos``'s network as the router sees it (stage 1's segments at the trains' deepest reach): its nodes
    (sorted), the ends of each node (by number), whether each is a ``target`` (a node key → bool) and whether a
    route may pass it."""
    deepest = max(router.most_stops(t) for t in pos.trains.values()) - 1
    segments = router.network_segments(pos, None, deepest)
    nodes = sorted({n for seg in segments for n in (seg.leg.start, seg.leg.end)})
    index = {n: i for i, n in enumerate(nodes)}
    ends = [set() for _ in nodes]
    for seg in segments:
        ends[index[seg.leg.start]].add(index[seg.leg.end])
        ends[index[seg.leg.end]].add(index[seg.leg.start])
    through = [passable(pos.board, n, pos.corporation) for n in nodes]
    return nodes, ends, [bool(target(n)) for n in nodes], through


def fewest_cities(start: int, ends: list[set[int]], target: list[bool], through: list[bool],
                  city: list[int]) -> int:
    """Brute force: the fewest cities on a simple path from ``start`` (excluded) to a target node (included),
    through stops a route may pass (``city[n]``: 1 for a city, 0 for a town); ``router.UNREACHED`` for none."""
    best = router.UNREACHED

    def walk(node, seen, count):
        nonlocal best
        for nxt in ends[node]:
            if nxt in seen:
                continue
            if target[nxt]:
                best = min(best, count + 1)
            elif through[nxt]:
                walk(nxt, seen | {nxt}, count + city[nxt])

    walk(start, {start}, 0)
    return best
