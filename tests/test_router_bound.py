"""The router scores routes lazily, best bound first (``router.Ranked``), when the title bounds a route's bonus and
subsidy (``RouteRules.route_bound``): the answer is then the same as when every route is scored. Checked at the
slowest real positions: 1894's green_city_upgrades (a D train with Luxembourg and Netherlands bonuses), a
1894 AG with a 5+1 and a 7 (two trains, so the combination reads more than the best candidate), and 1837's CL with a
5E (an express train) and UG with a 4G (a goods train with a mine subsidy)."""

from __future__ import annotations

import dataclasses
from typing import Sequence

import pytest

from gamekit.routes import position, run_positions
from gamekit.tracks.board import Board
from gamekit.tracks.mapdata import TrackData, revenue_for
from gamekit.tracks.router import find_best_routes
from gamekit.tracks.routes import BASE_RULES, RouteRules, _part

from .fixtures import require_fixtures

POSITIONS = [("1894", "green_city_upgrades", 1135), ("1894", "1894_game_end_stock_market", 809),
             ("1837", "1837_game_end_bank", 1136), ("1837", "1837_game_end_bank", 1106)]


def bounded(rules: RouteRules) -> RouteRules:
    """The title's hooks with a sound bound on a route's bonus and subsidy: any stop's value twice (1894's
    Luxembourg and London bonuses pay a stop again) plus every flat bonus, and the best mine's value (1837)."""

    class Bounded(type(rules)):
        def route_bound(self, data: TrackData, board: Board, corporation: str, phase_colours: Sequence[str],
                        best_stop: int) -> int | None:
            mines = getattr(self, "mines", ())
            subsidy = max((revenue_for(_part(data, board, (coord, "city", 0)).revenue, phase_colours)
                           for coord in mines), default=0)
            return 2 * best_stop + getattr(self, "netherlands_bonus", 0) + subsidy

    return Bounded(**{f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)})


@pytest.mark.parametrize("title,log,action_id", POSITIONS, ids=[f"{t}-{a}" for t, _, a in POSITIONS])
def test_a_bound_scores_fewer_routes_and_finds_the_same_best_set(title, log, action_id):
    [logged] = run_positions(require_fixtures(title) / f"{log}.json", at=action_id)
    pos = position(logged.game, logged.corporation)
    assert pos.rules.route_bound(pos.data, pos.board, pos.corporation, pos.phase_colours, 100) is None
    every = find_best_routes(pos)
    lazy = find_best_routes(dataclasses.replace(pos, rules=bounded(pos.rules)))
    assert every.proved_optimal and lazy.proved_optimal
    assert (lazy.routes, lazy.run, lazy.total) == (every.routes, every.run, every.total)
    assert lazy.total >= logged.logged_revenue
    assert lazy.counters.scored < every.counters.scored


def test_without_title_hooks_the_bound_is_zero():
    assert BASE_RULES.route_bound(None, None, "PRR", ("yellow",), 100) == 0
