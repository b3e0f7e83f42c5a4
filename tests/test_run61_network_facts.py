"""What a route search reads of a network, whatever the trains (``router._Network``: stops, their values, who may
pass them, the legs between them, the ways to a token city), is kept with the routes found on the same segments
(``router._kept_entry``, stop 61): a search on those segments with other trains reads it again instead of deriving it.
Along the route searches of seeded games, the facts a search reads equal those derived afresh from its position,
and facts kept by an earlier search are reused."""

from __future__ import annotations

import pytest

from gamekit.tracks import router

from .router_positions import SEARCHING_GAMES, forget_answers


@pytest.mark.parametrize("title,play", SEARCHING_GAMES)
def test_kept_network_facts_are_those_derived(title, play, monkeypatch):
    forget_answers(title)
    search = router.candidates
    seen = {"searches": 0, "reused": 0}

    def checking(pos, segments, trains, counters, clock, stop_at_first=False, keep=False):
        if keep:
            kept = router._kept_entry(pos, segments)[2]
            lists = search(pos, segments, trains, counters, clock, stop_at_first, keep)
            facts = router._kept_entry(pos, segments)[2]
            assert kept is None or facts is kept
            assert facts == router._network_facts(pos, segments)
            seen["searches"] += 1
            seen["reused"] += kept is not None
            return lists
        return search(pos, segments, trains, counters, clock, stop_at_first, keep)

    monkeypatch.setattr(router, "candidates", checking)
    play()
    assert seen["searches"] > 50 and seen["reused"] >= 5
