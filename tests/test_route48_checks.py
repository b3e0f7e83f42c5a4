"""The router asks a title's ``check_route`` only about routes touching the title's ``check_hexes``
(``router._checked_legs``), and ``route_earnings`` builds a route's stop results from the shared paid ones when
every stop is paid: both checked at the route searches of a seeded heuristic 1894 game (Paris once, London only
with a ferry marker, the Luxembourg, Netherlands and London bonuses), against the same searches asking the check
of every route and against ``score_route``."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

import pytest

from gamekit.errors import GameError
from gamekit.bots import play_seats
from gamekit.simulate import play_random_game
from gamekit.tracks import router
from gamekit.tracks.routes import RouteRules, pays_every_stop, route_earnings, score_route, stop_table
from gamekit.titles.g1894.routes import Rules1894

from .router_positions import searched_positions


@dataclass(frozen=True)
class _Declared(Rules1894):
    """1894's hooks declaring the hexes its check reads: Paris (visited twice) and, without a ferry, London."""

    def check_hexes(self, data, board, corporation):
        return frozenset({self.paris} if corporation in self.ferries else {self.paris, self.london})


@dataclass(frozen=True)
class _Undeclared(Rules1894):
    """1894's hooks declaring nothing: every route is checked."""

    def check_hexes(self, data, board, corporation):
        return RouteRules.check_hexes(self, data, board, corporation)


def _as(kind, rules):
    return kind(**{f.name: getattr(rules, f.name) for f in fields(rules)})


@pytest.fixture(scope="module")
def searched():
    """The positions of the route searches of a seeded heuristic 1894 game (boards copied as searched)."""
    found = searched_positions("1894", lambda: play_seats("1894", ["heuristic"] * 4, 1))
    assert len(found) > 50
    return found


def _answer(found):
    return found.routes, found.run, found.total, found.proved_optimal


def test_checking_only_routes_on_check_hexes_finds_the_same_best_sets(searched):
    for pos in searched[::8]:
        declared = router.find_best_routes(replace(pos, rules=_as(_Declared, pos.rules)))
        checked = router.find_best_routes(replace(pos, rules=_as(_Undeclared, pos.rules)))
        assert _answer(declared) == _answer(checked)
        assert declared.proved_optimal


def test_routes_touching_no_check_hex_pass_the_check(searched):
    skipped = asked = 0
    for pos in searched[::8]:
        rules = _as(_Declared, pos.rules)
        deepest = max(router.most_stops(t) for t in pos.trains.values()) - 1
        segments = router.network_segments(pos, None, deepest)
        checks, touching = router._checked_legs(replace(pos, rules=rules), segments)
        assert checks == bool(touching)
        trains = list(pos.trains.values())
        listed = router.candidates(replace(pos, rules=rules), segments, trains, router.Counters(),
                                   router._Clock(None))
        for train in trains:
            for cand in listed[train.distance].all():
                route = cand.route(train.id)
                if touching and not touching.isdisjoint(map(id, cand.legs)):
                    asked += 1
                    continue  # the router asked the check itself
                skipped += 1
                pos.rules.check_route(pos.data, pos.board, pos.corporation, route, train)  # raises if refused
    assert skipped > 100 and asked > 10


def test_route_earnings_paying_every_stop_equals_score_route(searched):
    compared = 0
    for pos in searched[::10]:
        deepest = max(router.most_stops(t) for t in pos.trains.values()) - 1
        segments = router.network_segments(pos, None, deepest)
        trains = list(pos.trains.values())
        listed = router.candidates(pos, segments, trains, router.Counters(), router._Clock(None))
        for train in trains:
            if not pays_every_stop(train.distance):
                continue
            for cand in listed[train.distance].all()[:40]:
                route = cand.route(train.id)
                try:
                    pos.rules.check_route(pos.data, pos.board, pos.corporation, route, train)
                except GameError:
                    continue
                table = stop_table(pos.data, pos.board, route.stops, pos.phase_colours, pos.rules)
                scored = score_route(pos.data, pos.board, pos.corporation, route, train, pos.phase_colours,
                                     pos.rules, table)
                assert route_earnings(pos.data, pos.board, pos.corporation, route, train, pos.phase_colours,
                                      pos.rules, table, None, True) == (scored.revenue, scored.subsidy)
                compared += 1
    assert compared > 100


def test_a_check_overriding_the_declared_one_is_asked_of_every_route(searched):
    @dataclass(frozen=True)
    class Stricter(_Declared):
        def check_route(self, data, board, corporation, route, train):
            raise GameError("refused for the test", "core:test")

    pos = searched[-1]
    deepest = max(router.most_stops(t) for t in pos.trains.values()) - 1
    segments = router.network_segments(pos, None, deepest)
    assert router._checked_legs(replace(pos, rules=_as(Stricter, pos.rules)), segments) == (True, None)
    assert not router.find_best_routes(replace(pos, rules=_as(Stricter, pos.rules))).routes


@pytest.fixture(scope="module")
def searched_1837():
    """The positions of the route searches of a seeded random 1837 game (mines: a subsidy, no bonus)."""
    found = searched_positions("1837", lambda: play_random_game("1837", 4, 1))
    assert len(found) > 50
    return found


@pytest.mark.parametrize("title", ["1894", "1837"])
def test_every_candidate_is_valued_as_score_route_values_it(title, searched, searched_1837):
    """The router values a route stopping at none of the title's bonus hexes by its stops alone (no hook
    called): every candidate's value equals what score_route finds afresh, and some candidates are of each kind."""
    positions = searched if title == "1894" else searched_1837
    plain = earning = 0
    for pos in positions[::8 if title == "1894" else 2]:
        rules = _as(_Declared, pos.rules) if title == "1894" else pos.rules
        deepest = max(router.most_stops(t) for t in pos.trains.values()) - 1
        segments = router.network_segments(pos, None, deepest)
        trains = list(pos.trains.values())
        listed = router.candidates(replace(pos, rules=rules), segments, trains, router.Counters(),
                                   router._Clock(None))
        bonus_hexes = pos.rules.bonus_hexes(pos.data, pos.board, pos.corporation)
        for train in trains:
            for cand in listed[train.distance].all()[:60]:
                route = cand.route(train.id)
                result = score_route(pos.data, pos.board, pos.corporation, route, train, pos.phase_colours,
                                     pos.rules)
                assert cand.value == router.rank(result.revenue, result.subsidy)
                if any(stop[0] in bonus_hexes for stop in cand.stops):
                    earning += 1
                else:
                    plain += 1
    assert plain > (100 if title == "1894" else 40) and earning > 10
