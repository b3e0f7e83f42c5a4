"""The router's enumeration drops a route without a token city when its trains cannot add the cities still needed
to reach one (``router._cities_to_token``): checked against a brute force of that count, and against the
enumeration without the cut, at the route searches of seeded random 1837 games (goods trains, whose towns are
unlimited, are where the cut bites)."""

from __future__ import annotations

import pytest

from gamekit.simulate import play_random_game
from gamekit.tracks import router
from gamekit.tracks.board import tokened_by

from .router_positions import fewest_cities, network_view, searched_positions


@pytest.fixture(scope="module")
def searched():
    """The positions of the route searches of two seeded random 1837 games (boards copied as searched)."""
    found = searched_positions("1837", lambda: [play_random_game("1837", 4, seed) for seed in (1, 2)])
    assert len(found) > 100
    return found


def test_cities_to_token_is_the_fewest_cities_on_a_way_to_a_token_city(searched):
    checked = 0
    for pos in searched[::7]:
        def tokened(n, pos=pos):
            return n[1] == "city" and tokened_by(pos.board, n[0], n[2], pos.corporation)

        nodes, ends, token, through = network_view(pos, tokened)
        city = [n[1] == "city" for n in nodes]
        adjacency = [[(None, 0, end) for end in sorted(e)] for e in ends]
        got = router._cities_to_token(adjacency, token, through, city)
        for n in range(len(nodes)):
            if not token[n]:
                assert got[n] == fewest_cities(n, ends, token, through, city), (pos.corporation, nodes[n])
                checked += 1
    assert checked > 50


def _all_candidates(pos):
    deepest = max(router.most_stops(t) for t in pos.trains.values()) - 1
    segments = router.network_segments(pos, None, deepest)
    counters = router.Counters()
    ranked = router.candidates(pos, segments, list(pos.trains.values()), counters, router._Clock(None))
    return counters.candidate_paths, {rows: [(c.stops, c.legs, c.mask, c.value) for c in r.all()]
                                      for rows, r in ranked.items()}


def test_the_cut_drops_no_route(searched, monkeypatch):
    cut = [_all_candidates(pos) for pos in searched[::3]]
    # without the cut: no city is needed to reach a token city, so the count never drops a route
    monkeypatch.setattr(router, "_cities_to_token", lambda adjacency, token, through, city: [0] * len(token))
    whole = [_all_candidates(pos) for pos in searched[::3]]
    assert cut == whole
    assert sum(paths for paths, _ in cut) > 1000
