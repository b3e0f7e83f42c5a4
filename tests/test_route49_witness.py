"""Whether a train can run (:func:`gamekit.tracks.router.any_route`), answered by a kept route instead of a search,
is the answer of a search on an empty memo, along random games of 1830, 1894 and 1837 (positions built by legal
play; rules ``1830:or.route``, ``1830:route.best``). Two ways a kept route answers are watched: run by another
train of the corporation (``router._runs_as``: a train bought since, or one of another type, checked and scored by
the route module), and found again along the same hexes after they changed (``router._rebuilt_witness``: a tile
upgraded on its track or a station placed on one of its cities), then kept with what its hexes hold now."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gamekit.tracks import router

from .bot_positions import route_positions

CASES = [("_runs_as", "1830", 1, 3000, 5), ("_runs_as", "1894", 5, 1000, 5), ("_runs_as", "1837", 2, 1500, 5),
         ("_rebuilt_witness", "1830", 1, 2000, 3), ("_rebuilt_witness", "1830", 2, 2000, 3),
         ("_rebuilt_witness", "1894", 5, 1000, 3)]
"""The router function watched; title, seed and how many actions of a random 4-player game to play; how many
positions it must at least have answered."""


@pytest.mark.parametrize("watched,title,seed,actions,least", CASES)
def test_a_kept_route_answers_as_a_fresh_search(watched, title, seed, actions, least, monkeypatch):
    found = []
    real = getattr(router, watched)

    def counted(*args):
        answer = real(*args)
        found.append(bool(answer))
        return answer

    monkeypatch.setattr(router, watched, counted)
    asked = 0
    for pos in route_positions(title, seed, actions):
        before = len(found)
        answer = router.any_route(pos)
        if len(found) > before:  # a kept route was tried: compare with a fresh search
            fresh = router.find_best_routes(replace(pos, data=replace(pos.data, cache={})))
            assert answer == bool(fresh.routes), pos.corporation
            asked += 1
    assert asked >= least and any(found), (asked, sum(found))


def test_a_rebuilt_witness_is_kept_with_what_its_hexes_hold_now(monkeypatch):
    kept_after = []
    real = router._rebuilt_witness

    def watched(pos, kept, trains):
        found = real(pos, kept, trains)
        if found:
            _, route, hexes, facts = kept[0]
            kept_after.append(router._holds_facts(pos.board, hexes, facts) and hexes == router._route_hexes(route))
        return found

    monkeypatch.setattr(router, "_rebuilt_witness", watched)
    for pos in route_positions("1830", 1, 2000):
        router.any_route(pos)
    assert kept_after and all(kept_after)
