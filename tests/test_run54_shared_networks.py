"""Stop 54 (issue 32): route searches on one network share more (``gamekit.tracks.router``):

* the routes kept per network and train type are keyed by the reservations on the network's hexes only (not the
  whole board's, which change as corporations float), and each type's ranked list (:class:`router.Ranked`, its
  candidates scored so far and their order) is kept with them (``router._kept_ranked``);
* a walk that ended gives one tuple of segments for every depth at or past its end, and the search of
  ``_by_network`` cuts the kept walk as far as it went (``router._walked_segments``).

Along the searches of seeded games, every answer equals the one a search from scratch finds (its own cut of the
network at the trains' reach, every route enumerated and ranked afresh), and the shared lists are read."""

from __future__ import annotations

import pytest

from gamekit.bots import play_seats
from gamekit.simulate import play_random_game
from gamekit.tracks import router

from .router_positions import forget_answers


def _answer(found: router.BestRoutes | None) -> tuple | None:
    """What a search answers, its counters aside."""
    return None if found is None else (found.routes, found.run, found.total, found.proved_optimal)


@pytest.mark.parametrize("title,play", [("1837", lambda: play_random_game("1837", 4, 2)),
                                        ("1830", lambda: play_random_game("1830", 4, 1)),
                                        ("1894", lambda: play_seats("1894", ["heuristic"] * 4, 1))])
def test_searches_on_shared_networks_answer_as_fresh_searches(title, play, monkeypatch):
    forget_answers(title)
    search, kept_ranked = router._search, router._kept_ranked
    seen = {"searches": 0, "shared": 0}

    def counting(kept, key, score):
        found = kept_ranked(kept, key, score)
        seen["shared"] += found is not None
        return found

    def checking(pos, budget, floor, segments=None):
        found = search(pos, budget, floor, segments)
        if segments is not None:
            seen["searches"] += 1
            # from scratch: the network cut at the trains' reach, nothing kept
            assert _answer(found) == _answer(search(pos, budget, floor))
        return found

    monkeypatch.setattr(router, "_search", checking)
    monkeypatch.setattr(router, "_kept_ranked", counting)
    play()
    assert seen["searches"] > 50 and seen["shared"] >= 5


def test_a_kept_ranked_list_gives_the_order_of_a_fresh_one(monkeypatch):
    """Every kept ranked list read again in a later search gives all its candidates in the order a list built
    afresh for that search gives them (however far earlier searches had read it)."""
    forget_answers("1837")
    enumerate_all = router.candidates
    seen = {"compared": 0}

    def checking(pos, segments, trains, counters, clock, stop_at_first=False, keep=False):
        lists = enumerate_all(pos, segments, trains, counters, clock, stop_at_first, keep)
        if keep:
            _, ranked, _ = router._kept_entry(pos, segments)
            fresh = enumerate_all(pos, segments, trains, router.Counters(), router._Clock(None))
            for rows, kept_list in lists.items():
                if any(kept_list is r for r in ranked.values()) and kept_list.given:
                    seen["compared"] += 1
                    assert kept_list.all() == fresh[rows].all()
        return lists

    monkeypatch.setattr(router, "candidates", checking)
    play_random_game("1837", 4, 1)
    assert seen["compared"] >= 5


def test_an_ended_walk_is_cut_once_for_every_depth_past_its_end():
    forget_answers("1837")
    checked = 0
    search = router._search

    def checking(pos, budget, floor, segments=None):
        nonlocal checked
        walk = router._walk_of(pos, None)  # walked to its end
        whole = walk.cut(pos.data, pos.board, router.UNREACHED, None)
        assert router.network_segments(pos, None, None) is router.network_segments(pos, None, walk.far + 3)
        assert router.network_segments(pos, None, None) == whole
        assert router._walked_segments(pos, 1) is router.network_segments(pos, None, None)
        checked += 1
        return search(pos, budget, floor, segments)

    router._search = checking
    try:
        play_random_game("1837", 4, 1)
    finally:
        router._search = search
    assert checked > 20
