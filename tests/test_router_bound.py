"""The router scores routes lazily, best bound first (``router.Ranked``), when the title bounds a route's bonus and
subsidy (``RouteRules.route_bound``; 1894: its bonuses, 1837: the best mine's subsidy): the answer is then the same
as when every route is scored. Checked at the slowest real positions: 1894's green_city_upgrades (a D train with
Luxembourg and Netherlands bonuses), a 1894 AG with a 5+1 and a 7 (two trains, so the combination reads more than
the best candidate), and 1837's CL with a 5E (an express train) and UG with a 4G (a goods train with a mine
subsidy)."""

from __future__ import annotations

import dataclasses
from typing import Sequence

import pytest

from gamekit.routes import position, run_positions
from gamekit.tracks.board import Board
from gamekit.tracks.mapdata import TrackData
from gamekit.tracks.router import find_best_routes, routes_earning
from gamekit.tracks.routes import BASE_RULES, RouteRules

from .fixtures import require_fixtures

POSITIONS = [("1894", "green_city_upgrades", 1135), ("1894", "1894_game_end_stock_market", 809),
             ("1837", "1837_game_end_bank", 1136), ("1837", "1837_game_end_bank", 1106)]


def eager(rules: RouteRules) -> RouteRules:
    """The title's hooks without a bound on a route's bonus and subsidy: the router then scores every route."""

    class Eager(type(rules)):
        def route_bound(self, data: TrackData, board: Board, corporation: str, phase_colours: Sequence[str],
                        best_stop: int) -> int | None:
            return None

    return Eager(**{f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)})


@pytest.mark.parametrize("title,log,action_id", POSITIONS, ids=[f"{t}-{a}" for t, _, a in POSITIONS])
def test_a_bound_scores_fewer_routes_and_finds_the_same_best_set(title, log, action_id):
    [logged] = run_positions(require_fixtures(title) / f"{log}.json", at=action_id)
    pos = position(logged.game, logged.corporation)
    assert pos.rules.route_bound(pos.data, pos.board, pos.corporation, pos.phase_colours, 100) is not None
    every = find_best_routes(dataclasses.replace(pos, rules=eager(pos.rules)))
    lazy = find_best_routes(pos)
    assert every.proved_optimal and lazy.proved_optimal
    assert (lazy.routes, lazy.run, lazy.total) == (every.routes, every.run, every.total)
    assert lazy.total >= logged.logged_revenue
    assert lazy.counters.scored < every.counters.scored


def test_without_title_hooks_the_bound_is_zero():
    assert BASE_RULES.route_bound(None, None, "PRR", ("yellow",), 100) == 0


@pytest.mark.parametrize("title,log,action_id", POSITIONS[:2], ids=[f"{t}-{a}" for t, _, a in POSITIONS[:2]])
def test_routes_earning_a_floor_answers_as_the_full_search_or_none(title, log, action_id):
    """``routes_earning`` (the heuristic bot's lay comparison) gives the best set when it earns the floor, and None
    when it earns less."""
    [logged] = run_positions(require_fixtures(title) / f"{log}.json", at=action_id)
    pos = position(logged.game, logged.corporation)
    best = find_best_routes(pos)
    earned = best.total + best.run.subsidy
    for floor in (0, earned // 2, earned):
        found = routes_earning(pos, floor)
        assert found is not None and (found.routes, found.total) == (best.routes, best.total)
    assert routes_earning(pos, earned + 1) is None
