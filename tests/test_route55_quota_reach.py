"""The router's enumeration drops a route whose every train still needs a quota city (1837's goods trains: one mine
each) when its trains cannot add the cities still needed to reach one (``router._quota_reach``): its count checked
against a brute force, and the enumeration with the cut against the enumeration without it, at the route searches
of seeded random 1837 games (goods trains, whose towns are unlimited, are where the cut bites)."""

from __future__ import annotations

import pytest

from gamekit.simulate import play_random_game
from gamekit.tracks import router

from .router_positions import fewest_cities, network_view, searched_positions


@pytest.fixture(scope="module")
def searched():
    """The positions of the route searches of two seeded random 1837 games (boards copied as searched)."""
    found = searched_positions("1837", lambda: [play_random_game("1837", 4, seed) for seed in (5, 2)])
    assert len(found) > 100
    return found


def test_quota_reach_counts_the_fewest_cities_to_a_quota_city(searched):
    checked = reached = 0
    for pos in searched[::5]:
        quota_hexes = pos.rules.quota_hexes(pos.data, pos.board, pos.corporation)
        nodes, ends, quota, through = network_view(pos, lambda n: n[1] == "city" and n[0] in quota_hexes)
        city = [n[1] == "city" for n in nodes]
        adjacency = [[(None, 0, end) for end in sorted(e)] for e in ends]
        step = [router._QUOTA + 1 if q else 1 for q in quota]
        quotas = [(0, 0), (1, 1)]  # a passenger train and a goods train, as 1837's rules give them
        members = [(), (0,), (1,), (0, 1)]  # the sets of the two types, as bits of their numbers
        wanting, got = router._quota_reach(adjacency, through, nodes, step, members, quotas)
        # only a set of goods trains alone needs a mine before it may be listed
        assert wanting == [0, 0, router._QUOTA, 0]
        for n in range(len(nodes)):
            if not quota[n]:
                assert got[n] == fewest_cities(n, ends, quota, through, city), (pos.corporation, nodes[n])
                checked += 1
                reached += got[n] < router.UNREACHED
    assert checked > 50 and reached > 20


def _found(pos):
    """Every train type's routes as the enumeration lists them, in its order (stops, legs, track bits, the stops'
    gains and places), and the count of routes."""
    deepest = max(router.most_stops(t) for t in pos.trains.values()) - 1
    segments = router.network_segments(pos, None, deepest)
    counters = router.Counters()
    ranked = router.candidates(pos, segments, list(pos.trains.values()), counters, router._Clock(None))
    return counters.candidate_paths, {rows: list(r.routes) for rows, r in ranked.items()}


def test_the_quota_cut_drops_no_route(searched, monkeypatch):
    goods = [pos for pos in searched if any(pos.rules.quota(t)[0] for t in pos.trains.values())]
    assert len(goods) > 30
    cut = [_found(pos) for pos in goods]
    # without the cut: no route reaches the mix from which a quota city is wanted, so none is dropped
    monkeypatch.setattr(router, "_quota_reach", lambda adjacency, through, nodes, step, members, quotas:
                        ([0] * len(members), None))
    whole = [_found(pos) for pos in goods]
    assert cut == whole
    assert sum(paths for paths, _ in cut) > 1000
