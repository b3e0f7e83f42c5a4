"""The routes found per train type are kept per network (``router._kept_entry``, stop 51): a search on the same
segments with other trains enumerates only the types not kept. Along the route searches of seeded games, every
type's list of routes (and their order) equals the list a search enumerating all its types finds, and the answers
of the searches are those found without the kept routes. What a search derives of the network whatever the trains
(``router._Network``, stop 61) is kept with them too, and equals what is derived afresh from the position."""

from __future__ import annotations

import pytest

from gamekit.tracks import router

from .router_positions import SEARCHING_GAMES, forget_answers


def _routes(lists: dict) -> dict:
    """Per train type (its rows): the routes found, in order (stop numbers, legs, track bits, bound, places)."""
    return {rows: list(ranked.routes) for rows, ranked in lists.items()}


@pytest.mark.parametrize("title,play", SEARCHING_GAMES)
def test_kept_routes_are_those_enumerated(title, play, monkeypatch):
    forget_answers(title)
    enumerate_all = router.candidates
    seen = {"searches": 0, "reused": 0, "facts reused": 0}

    def checking(pos, segments, trains, counters, clock, stop_at_first=False, keep=False):
        before = set(router._kept_entry(pos, segments)[0]) if keep else set()
        facts_before = router._kept_entry(pos, segments)[2] if keep else None
        lists = enumerate_all(pos, segments, trains, counters, clock, stop_at_first, keep)
        if keep:
            # the network's facts (stop 61) are kept once, and equal those derived afresh from the position
            facts = router._kept_entry(pos, segments)[2]
            assert facts_before is None or facts is facts_before
            assert facts == router._network_facts(pos, segments)
            seen["facts reused"] += facts_before is not None
            fresh = enumerate_all(pos, segments, trains, router.Counters(), router._Clock(None))
            assert _routes(lists) == _routes(fresh)
            seen["searches"] += 1
            seen["reused"] += any(rows in {r for r, _ in before} for rows in lists)
            # the answer with the kept routes is the answer without them
            trains_by_id = sorted(pos.trains.items())
            assert router._combine(trains_by_id, lists, router.Counters(), router._Clock(None)) \
                == router._combine(trains_by_id, fresh, router.Counters(), router._Clock(None))
        return lists

    monkeypatch.setattr(router, "candidates", checking)
    play()
    assert seen["searches"] > 50 and seen["reused"] >= 5 and seen["facts reused"] >= 5
