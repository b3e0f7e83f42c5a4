"""What a route search reads of a network, whatever the trains (``router._Network``: stops, their values, who may
pass them, the legs between them, the ways to a token city), is kept with the routes found on the same segments
(``router._kept_entry``, stop 61): a search on those segments with other trains reads it again instead of deriving it.
Along the route searches of seeded games, the facts a search reads equal those derived afresh from its position,
and facts kept by an earlier search are reused."""

from __future__ import annotations

import pytest

from gamekit.bots import play_seats
from gamekit.simulate import play_random_game
from gamekit.tracks import router

from .router_positions import forget_answers


@pytest.mark.parametrize("title,play", [("1837", lambda: play_random_game("1837", 4, 2)),
                                        ("1830", lambda: play_random_game("1830", 4, 1)),
                                        ("1894", lambda: play_seats("1894", ["heuristic"] * 4, 1))])
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
