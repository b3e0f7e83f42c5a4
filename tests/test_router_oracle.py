"""The route finder against a brute-force oracle on many small generated positions, and on hand-built ones.

The oracle shares nothing with the router but the route module: it chains ``legs_from`` from every stop on the
map into every sequence of distinct stops, keeps those ``run_routes`` accepts for each train alone, and tries
every assignment of such routes (or none) to the trains, keeping the best total ``run_routes`` accepts.
Positions: a corporation's home token, random legal tile lays of it and a rival in a random phase, random rival
tokens (blocking) and a second own token, and one to three trains among 2, 3, 4, D, 2+1 and 3E (express).
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamekit.errors import GameError
from gamekit.tracks.board import Board, new_board, placed_tile
from gamekit.tracks.facts import title_facts
from gamekit.tracks.lay import lay_tile, legal_lays
from gamekit.tracks.mapdata import load_track_data
from gamekit.tracks.router import Position, find_best_routes
from gamekit.tracks.routes import (ALL_STOPS, BASE_RULES, DistanceRow, Route, RouteRules, Train, check_route,
                                   legs_from, run_routes)
from gamekit.tracks.tokens import place_token

DATA = load_track_data("1830")
FACTS = title_facts("1830")
PHASES = [tuple(p.tiles) for p in FACTS.phases]
CORPS = ["PRR", "NYC", "CPR", "B&O", "C&O", "NYNH", "B&M"]
TRAIN_POOL = [
    Train.counting_all("2-0", 2), Train.counting_all("2-1", 2), Train.counting_all("3-0", 3),
    Train.counting_all("4-0", 4), Train.counting_all("D-0", None),
    Train("2+1-0", "2+1", (DistanceRow(frozenset({"town"}), 1, 1), DistanceRow(ALL_STOPS, 2, 2))),
    Train("3E-0", "3E", (DistanceRow(frozenset({"town"}), 99, 0), DistanceRow(frozenset({"city", "offboard"}), 3, 3))),
]
COMBINATION_LIMIT = 20_000


def home(board: Board, corp: str) -> None:
    facts = FACTS.corporation(corp)
    place_token(DATA, board, corp, facts.home, facts.home_city or 0, needs_connection=False)


def generated(seed: int) -> tuple[Board, str, dict[str, Train], tuple[str, ...]]:
    """A random small position (see the module docstring)."""
    rng = random.Random(seed)
    corp, rival = rng.sample(CORPS, 2)
    colours = rng.choice(PHASES)
    board = new_board(DATA)
    home(board, corp)
    home(board, rival)
    for k in range(rng.randint(2, 14)):
        who = corp if k % 3 != 2 else rival
        lays = legal_lays(DATA, board, who, phase_colours=colours)
        if lays:
            coord, tile, rotation, _ = rng.choice(lays)
            lay_tile(DATA, board, who, coord, tile, rotation, phase_colours=colours)
    for coord in sorted(board.tokens):
        for slots in board.tokens[coord]:
            free = [i for i, t in enumerate(slots) if t is None]
            if free and rng.random() < 0.3:
                slots[free[0]] = rival if rng.random() < 0.8 else corp
    trains = {t.id: t for t in rng.sample(TRAIN_POOL, rng.randint(1, 3))}
    return board, corp, trains, colours


def oracle(board: Board, corp: str, trains: dict[str, Train], colours: tuple[str, ...], data=DATA,
           rules: RouteRules = BASE_RULES) -> int | None:
    """The best total by brute force, or None when the position has too many combinations to try (``data`` and
    ``rules``: the title's track facts and route hooks, 1830's by default)."""
    nodes = sorted((coord, kind, i) for coord in data.hexes for kind in ("city", "town", "offboard")
                   for i in range(placed_tile(data, board, coord).parts.node_count(kind)))
    sequences: list[tuple] = []

    def chain(legs: list, seen: set) -> None:
        if legs:
            sequences.append(tuple(legs))
        for leg in legs_from(data, board, legs[-1].end if legs else start):
            if leg.end not in seen:
                chain(legs + [leg], seen | {leg.end})

    for start in nodes:
        chain([], {start})
    options = {}
    for tid, train in sorted(trains.items()):
        legal = []
        for legs in sequences:
            route = Route(tid, legs)
            try:
                revenue = run_routes(data, board, corp, [route], {tid: train}, colours, rules=rules).total
            except GameError:
                continue
            legal.append((route, revenue, check_route(data, board, corp, route)))
        options[tid] = [None] + legal
    if combination_count(options) > COMBINATION_LIMIT:
        return None
    best = 0
    for combo in itertools.product(*options.values()):
        chosen = [c for c in combo if c is not None]
        if sum(c[1] for c in chosen) <= best:
            continue
        try:
            best = run_routes(data, board, corp, [c[0] for c in chosen], trains, colours, rules=rules).total
        except GameError:
            continue
    return best


def combination_count(options: dict) -> int:
    n = 1
    for v in options.values():
        n *= len(v)
    return n


def check_position(seed: int) -> int | None:
    board, corp, trains, colours = generated(seed)
    expected = oracle(board, corp, trains, colours)
    if expected is None:
        return None
    result = find_best_routes(Position(DATA, board, corp, trains, colours))
    assert result.proved_optimal
    assert result.total == expected, (seed, result.total, expected)
    # the answer is a legal set worth what it says
    assert run_routes(DATA, board, corp, result.routes, trains, colours).total == expected
    return expected


def test_router_equals_brute_force_on_generated_positions():
    totals = [check_position(seed) for seed in range(80)]
    tried = [t for t in totals if t is not None]
    assert len(tried) >= 70
    assert sum(1 for t in tried if t > 0) >= 55  # most positions have a route worth something


@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=1000, max_value=10**9))
def test_router_equals_brute_force_property(seed):
    check_position(seed)


# ----- hand-built positions ----------------------------------------------------------------------------------
YELLOW = ("yellow",)


def baltimore() -> Board:
    """B&O home in Baltimore (I15, 30); Washington (J14, 57: 20) south-west; a 9 on I17 to Atlantic City (I19, 10)."""
    board = new_board(DATA)
    place_token(DATA, board, "B&O", "I15", 0, needs_connection=False)
    lay_tile(DATA, board, "B&O", "I17", "9-0", 1, phase_colours=YELLOW)
    lay_tile(DATA, board, "B&O", "J14", "57-0", 0, phase_colours=YELLOW)
    return board


def stops_of(result) -> list[list[tuple[str, int]]]:
    return [[(s.node_id, s.revenue) for s in r.stops] for r in result.run.routes]


@pytest.mark.parametrize("owned, total, stops", [
    # one 2-train: Baltimore-Washington 30 + 20 beats Baltimore-Atlantic City 30 + 10 (Washington-Deep South
    # would pay 50 too but holds no B&O token)
    ({"2-0": 2}, 50, [[("I15-0", 30), ("J14-0", 20)]]),
    # two 2-trains share the city of Baltimore but no track: 50 + 40
    ({"2-0": 2, "2-1": 2}, 90, [[("I15-0", 30), ("J14-0", 20)], [("I15-0", 30), ("I19-0", 10)]]),
    # a 3-train reaches the Deep South off-board (30 in yellow): 30 + 20 + 30
    ({"3-0": 3}, 80, [[("I15-0", 30), ("J14-0", 20), ("K13-0", 30)]]),
    # with a 2-train too, the 2-train takes the other track out of Baltimore: 80 + 40
    ({"2-0": 2, "3-0": 3}, 120, [[("I15-0", 30), ("I19-0", 10)], [("I15-0", 30), ("J14-0", 20), ("K13-0", 30)]]),
    # a diesel runs the whole line: 10 + 30 + 20 + 30
    ({"D-0": None}, 90, [[("I19-0", 10), ("I15-0", 30), ("J14-0", 20), ("K13-0", 30)]]),
])
def test_best_routes_out_of_baltimore(owned, total, stops):
    trains = {tid: Train.counting_all(tid, n) for tid, n in owned.items()}
    result = find_best_routes(Position(DATA, baltimore(), "B&O", trains, YELLOW))
    assert (result.total, result.proved_optimal) == (total, True)
    assert stops_of(result) == stops


def test_a_plus_train_pays_the_town_and_an_express_skips_it():
    board = baltimore()
    # 2+1: two stops of any kind and one town; Deep South-Washington-Baltimore would need three non-towns
    plus = {"2+1-0": TRAIN_POOL[5]}
    assert find_best_routes(Position(DATA, board, "B&O", plus, YELLOW)).total == 20 + 30 + 10
    express = Train("2E-0", "2E", (DistanceRow(frozenset({"town"}), 99, 0),
                                   DistanceRow(frozenset({"city", "offboard"}), 2, 2)))
    result = find_best_routes(Position(DATA, board, "B&O", {"2E-0": express}, YELLOW))
    # only two cities or off-boards count and pay; Atlantic City's town may be passed but earns nothing
    assert result.total == 50
    assert {s.revenue for r in result.run.routes for s in r.stops if s.kind == "town"} <= {0}


def test_no_token_no_route_and_no_trains():
    board = baltimore()
    assert find_best_routes(Position(DATA, board, "PRR", {"2-0": TRAIN_POOL[0]}, YELLOW)).total == 0
    empty = find_best_routes(Position(DATA, board, "B&O", {}, YELLOW))
    assert (empty.total, empty.routes, empty.proved_optimal) == (0, (), True)


def test_a_zero_time_budget_only_loses_the_proof():
    board, corp, trains, colours = generated(7)
    full = find_best_routes(Position(DATA, board, corp, trains, colours))
    again = find_best_routes(Position(DATA, board, corp, trains, colours), time_budget=60)
    assert (again.routes, again.total, again.proved_optimal) == (full.routes, full.total, True)
    rushed = find_best_routes(Position(DATA, board, corp, trains, colours), time_budget=0)
    assert not rushed.proved_optimal
    # whatever was found in time is legal and never better than the proved optimum
    assert run_routes(DATA, board, corp, rushed.routes, trains, colours).total == rushed.total <= full.total


def test_track_crossing_one_hex_side_twice_is_never_a_segment():
    # from a bot game: a leg from G7 may loop H8-I9-J10-I11 and come back through I9 and H8 on their other
    # paths, crossing a hex side of each twice; that is track reuse (route.reuse), so no route may use it
    board = new_board(DATA)
    tiles = {"G7": ("2-0", 1), "F8": ("28-0", 0), "G9": ("8-1", 0), "H8": ("46-1", 1), "I9": ("24-0", 2),
             "J10": ("39-0", 2), "I11": ("7-0", 0), "H10": ("15-0", 4)}
    board.tiles.update(tiles)
    board.tokens["H10"] = [["PRR", None]]
    trains = {"D-0": TRAIN_POOL[4], "2-0": TRAIN_POOL[0]}
    result = find_best_routes(Position(DATA, board, "PRR", trains, ("yellow", "green", "brown")))
    assert result.proved_optimal
    assert result.total == oracle(board, "PRR", trains, ("yellow", "green", "brown"))


class AtlanticCityBonus(RouteRules):
    """A test title's set bonus: 100 when some route of the set visits Atlantic City (I19); and a subsidy of 25
    for the treasury for a route reaching Washington (J14)."""

    def set_bonus(self, data, board, corporation, routes, phase_colours):
        return 100 if any(stop[0] == "I19" for r in routes for stop in r.stops) else 0

    def set_bonus_bound(self, data, board, corporation, phase_colours):
        return 100

    def subsidy(self, data, board, corporation, route, phase_colours):
        return 25 if any(stop[0] == "J14" for stop in route.stops) else 0


def test_a_set_bonus_changes_the_best_route_and_a_subsidy_stays_outside_the_revenue():
    trains = {"3-0": Train.counting_all("3-0", 3)}
    plain = find_best_routes(Position(DATA, baltimore(), "B&O", trains, YELLOW))
    assert plain.total == 80 and plain.run.set_bonus == 0  # Baltimore-Washington-Deep South
    result = find_best_routes(Position(DATA, baltimore(), "B&O", trains, YELLOW, AtlanticCityBonus()))
    # Atlantic City-Baltimore-Washington 10 + 30 + 20 and the set bonus 100 beat 80
    assert (result.total, result.proved_optimal, result.run.set_bonus) == (160, True, 100)
    assert sorted(s for r in stops_of(result) for s in r) == [("I15-0", 30), ("I19-0", 10), ("J14-0", 20)]
    assert result.run.subsidy == 25 and sum(r.revenue for r in result.run.routes) == 60


@pytest.mark.parametrize("name,log_id,corp,bonus", [
    ("green_city_upgrades", 146, "Est", "Luxembourg"),
    ("1894_game_end_bankrupt", 280, "Nord", "London shipping"),
])
def test_router_equals_brute_force_on_1894_bonus_positions(name, log_id, corp, bonus):
    """Real 1894 positions whose best routes earn a bonus (Luxembourg's best stop; the London shipping bonus with
    a ferry marker): the router's proved answer is the oracle's, and it beats the same routes without bonuses."""
    from gamekit.import18xx import import_log

    from .fixtures import fixtures_dir, require_fixtures

    require_fixtures("1894")
    game = import_log(fixtures_dir() / "1894" / f"{name}.json", stop_at=log_id).game
    pos = game.route_position(corp)
    expected = oracle(pos.board, corp, dict(pos.trains), pos.phase_colours, game.track, pos.rules)
    assert expected is not None
    result = find_best_routes(pos)
    assert result.proved_optimal and result.total == expected
    plain = sum(s.revenue for r in result.run.routes for s in r.stops)
    assert result.total > plain  # some of the best set's revenue is the bonus
