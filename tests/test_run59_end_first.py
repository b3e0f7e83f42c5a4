"""The routes of train types needing a quota city, where every quota city is a dead end (1837's goods trains and
mines), are enumerated from the quota cities only (``router._dead_ends``, ``router._end_first``): the same routes,
each as the enumeration from every stop lists it, and the same ranked candidates, at the route searches of seeded
random 1837 games."""

from __future__ import annotations

import pytest

from gamekit.simulate import play_random_game
from gamekit.tracks import router

from .router_positions import searched_positions


@pytest.fixture(scope="module")
def searched():
    """The positions of the route searches of two seeded random 1837 games (boards copied as searched)."""
    found = searched_positions("1837", lambda: [play_random_game("1837", 4, seed) for seed in (1, 3)])
    assert len(found) > 100
    return found


def _listed(pos):
    """Per train type: its routes as a set (stop numbers, legs by identity, track bits, gains, places) and its
    candidates in ranked order (stops, legs by identity, value)."""
    deepest = max(router.most_stops(t) for t in pos.trains.values()) - 1
    segments = router.network_segments(pos, None, deepest)
    ranked = router.candidates(pos, segments, list(pos.trains.values()), router.Counters(), router._Clock(None))
    routes = {rows: {(numbers, tuple(map(id, legs)), mask, gain, places)
                     for numbers, legs, mask, gain, places in r.routes} for rows, r in ranked.items()}
    given = {rows: [(c.stops, tuple(map(id, c.legs)), c.value) for c in r.all()] for rows, r in ranked.items()}
    return routes, given


def test_routes_from_dead_end_quota_cities_are_those_listed_from_every_stop(searched, monkeypatch):
    goods = [pos for pos in searched if any(pos.rules.quota(t)[0] for t in pos.trains.values())]
    assert len(goods) > 30
    ended = []
    dead_ends = router._dead_ends

    def counting(adjacency, step):
        found = dead_ends(adjacency, step)
        ended.append(found is not None)
        return found

    monkeypatch.setattr(router, "_dead_ends", counting)
    from_ends = [_listed(pos) for pos in goods]
    assert sum(ended) > 30  # 1837's mines are dead ends: the shortcut was taken
    monkeypatch.setattr(router, "_dead_ends", lambda adjacency, step: None)
    everywhere = [_listed(pos) for pos in goods]
    assert from_ends == everywhere
    assert sum(len(routes) for listed, _ in from_ends for routes in listed.values()) > 1000


def test_dead_ends_are_quota_cities_no_route_can_pass():
    q = router._QUOTA
    # stop 0 a quota city with two legs sharing track (one bit): a dead end; stop 2 a plain city
    adjacency = [[(None, 0b01, 1), (None, 0b11, 2)], [(None, 0b01, 0)], [(None, 0b11, 0)]]
    assert router._dead_ends(adjacency, [q + 1, 1, 1]) == [0]
    # its two legs on track of their own: a route may arrive by one and leave by the other
    adjacency[0] = [(None, 0b01, 1), (None, 0b10, 2)]
    assert router._dead_ends(adjacency, [q + 1, 1, 1]) is None
    assert router._dead_ends(adjacency, [1, 1, 1]) == []


def test_a_route_found_from_its_larger_end_is_walked_from_the_smaller():
    class Leg:
        def __init__(self, name):
            self.name = name

    a, a_back, b, b_back = Leg("a"), Leg("a'"), Leg("b"), Leg("b'")
    back = {id(a): a_back, id(a_back): a, id(b): b_back, id(b_back): b}
    # stops ranked by _end_first for 10 stops: quota city 7 keeps its rank, stops 2 and 5 rank 12 and 15
    made = {}
    path = ((7, 12, 15), (a, b), 0b11, 60, 0b111)
    assert router._from_smaller_end(path, 10, back, made) == ((5, 2, 7), (b_back, a_back), 0b11, 60, 0b111)
    assert router._from_smaller_end(path, 10, back, made) is made[id(path)]
    # from quota city 3 to stop 5: walked from the smaller end already
    assert router._from_smaller_end(((3, 15), (a,), 0b1, 30, 0b11), 10, back, {}) == ((3, 5), (a,), 0b1, 30, 0b11)
