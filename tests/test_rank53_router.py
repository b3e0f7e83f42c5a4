"""The routes the router lists per train type (``router.candidates``, stop 53: a leg ending a route before its first
stop is skipped before its fit is looked up; the BFS towards token cities reads each leg's end in C) are exactly
those of a plain enumeration of every chain of segments along seeded games: no stop or off-board area twice, no
track twice, passing only stops a route may pass, a token city of the corporation on it, at least two stops, listed
from its smaller end, for each train type whose rows can visit its stops (``_best_payment``) within the quota."""

from __future__ import annotations

import pytest

from gamekit.tracks import router
from gamekit.tracks.board import tokened_by
from gamekit.tracks.graph import passable
from gamekit.tracks.routes import _best_payment, _part

from .bot_positions import route_positions


def _fits(pos, train, nodes, numbers, quota_hexes) -> bool:
    """Whether ``train`` is listed for a route visiting ``numbers``: its rows visit the stops, the route's quota
    cities are not too many, nor too few where the network has one (else ``check_route`` refuses the route)."""
    kinds = [nodes[i][1] for i in numbers]
    if _best_payment(kinds, [0] * len(kinds), train.distance) is None:
        return False
    least, most = pos.rules.quota(train)
    quota = [n[1] == "city" and n[0] in quota_hexes for n in nodes]
    counted = sum(quota[i] for i in numbers)
    return (least <= counted or not any(quota)) and (most is None or counted <= most)


def _enumerated(pos, segments) -> dict:
    """Per train type (its rows): the set of (stop numbers, legs by identity, track bits, place bits) of every
    legal route on ``segments``, by brute force."""
    data, board, corp = pos.data, pos.board, pos.corporation
    nodes = sorted({n for seg in segments for n in (seg.leg.start, seg.leg.end)})
    index = {n: i for i, n in enumerate(nodes)}
    places: dict = {}
    place = []
    for n in nodes:
        group = _part(data, board, n).group
        place.append(1 << places.setdefault(("group", group) if group else n, len(places)))
    through = [passable(board, n, corp) for n in nodes]
    token = [n[1] == "city" and tokened_by(board, n[0], n[2], corp) for n in nodes]
    quota_hexes = pos.rules.quota_hexes(data, board, corp)
    out_of = {i: [] for i in range(len(nodes))}
    for seg in segments:
        for leg in (seg.leg, seg.back):
            out_of[index[leg.start]].append((leg, seg.mask, index[leg.end]))
    trains = {t.distance: t for t in pos.trains.values()}
    longest = max(router.most_stops(t) for t in trains.values())
    routes: list[tuple] = []

    def walk(numbers, legs, mask, visited):
        if len(numbers) >= 2 and numbers[0] < numbers[-1] and any(token[i] for i in numbers):
            routes.append((tuple(numbers), tuple(map(id, legs)), mask, visited))
        if len(numbers) >= longest or len(numbers) > 1 and not through[numbers[-1]]:
            return
        for leg, seg_mask, end in out_of[numbers[-1]]:
            if not seg_mask & mask and not place[end] & visited:
                walk(numbers + [end], legs + [leg], mask | seg_mask, visited | place[end])

    for start in range(len(nodes)):
        walk([start], [], 0, place[start])
    return {rows: {r for r in routes if _fits(pos, train, nodes, r[0], quota_hexes)} for rows, train in trains.items()}


@pytest.mark.parametrize("title,seed,actions,step", [("1837", 2, 2500, 9), ("1830", 1, 2500, 5)])
def test_listed_routes_are_every_legal_chain_of_segments(title, seed, actions, step):
    compared = 0
    for n, pos in enumerate(route_positions(title, seed, actions)):
        if n % step:
            continue
        trains = [t for _, t in sorted(pos.trains.items())]
        segments = router.network_segments(pos, None, max(router.most_stops(t) for t in trains) - 1)
        listed = router.candidates(pos, segments, trains, router.Counters(), router._Clock(None))
        got = {rows: [(f[0], tuple(map(id, f[1])), f[2], f[4]) for f in ranked.routes]
               for rows, ranked in listed.items()}
        for found in got.values():
            assert len(set(found)) == len(found)  # each route listed once
        assert {rows: set(found) for rows, found in got.items()} == _enumerated(pos, segments)
        compared += sum(len(found) for found in got.values())
    assert compared > 500
