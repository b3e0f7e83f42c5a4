"""The router counts a title's quota of cities per train while it enumerates routes (``RouteRules.quota``; 1837:
a goods train visits exactly one mine, any other train none, rule ``1837:route.goods``) and never scores a route
breaking it: the answer is the same as when ``check_route`` alone refuses those routes, with fewer routes listed.
Checked at the logged runs of a real 1837 game."""

from __future__ import annotations

import dataclasses

import pytest

from gamekit.errors import GameError
from gamekit.routes import position, run_positions
from gamekit.tracks.router import any_route, find_best_routes
from gamekit.tracks.routes import BASE_RULES, RouteRules, Train

from .fixtures import require_fixtures


def unquoted(rules: RouteRules) -> RouteRules:
    """The title's hooks without a quota: the router then lists every route and ``check_route`` refuses some."""

    class Unquoted(type(rules)):
        def quota_hexes(self, data, board, corporation) -> frozenset[str]:
            return frozenset()

        def quota(self, train: Train) -> tuple[int, int | None]:
            return (0, None)

    return Unquoted(**{f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)})


def test_1837_quota_is_one_mine_for_goods_trains_and_none_for_others():
    [logged] = run_positions(require_fixtures("1837") / "1837_game_end_bank.json", at=1136)
    rules = position(logged.game, logged.corporation).rules
    assert rules.quota_hexes(None, None, "") == rules.mines and len(rules.mines) > 5
    goods = Train("4G-1", "4G", ())
    assert rules.quota(goods) == (1, 1)
    assert rules.quota(Train("5E-1", "5E", ())) == (0, 0)
    assert rules.quota(Train("2-1", "2", ())) == (0, 0)
    assert BASE_RULES.quota(goods) == (0, None) and not BASE_RULES.quota_hexes(None, None, "")


@pytest.mark.parametrize("edition_log", ["1837_game_end_bank"])
def test_the_quota_changes_no_answer_and_lists_fewer_routes(edition_log):
    seen = fewer = 0
    for n, logged in enumerate(run_positions(require_fixtures("1837") / f"{edition_log}.json")):
        if n % 4:
            continue
        pos = position(logged.game, logged.corporation)
        quoted = find_best_routes(pos)
        plain = find_best_routes(dataclasses.replace(pos, rules=unquoted(pos.rules)))
        assert quoted.proved_optimal and plain.proved_optimal
        assert (quoted.routes, quoted.run, quoted.total) == (plain.routes, plain.run, plain.total), logged.action_id
        assert quoted.counters.scored == plain.counters.scored  # check_route refuses before scoring
        assert quoted.counters.candidate_paths <= plain.counters.candidate_paths
        assert any_route(pos) == bool(plain.routes)
        for route in quoted.run.routes:  # the chosen routes keep the quota, as check_route demands
            train = pos.trains[route.train]
            mines = sum(1 for s in route.stops if s.kind == "city" and s.node[0] in pos.rules.mines)
            assert mines == (1 if train.name in pos.rules.goods else 0)
        seen += 1
        fewer += quoted.counters.candidate_paths < plain.counters.candidate_paths
    assert seen > 20 and fewer > 5


def test_a_quota_no_route_meets_leaves_the_train_idle():
    [logged] = run_positions(require_fixtures("1837") / "1837_game_end_bank.json", at=1136)
    pos = position(logged.game, logged.corporation)
    assert find_best_routes(pos).routes

    class Impossible(type(pos.rules)):
        def quota(self, train: Train) -> tuple[int, int | None]:
            return (99, None)  # more mines than any route visits: check_route would refuse them all

        def check_route(self, data, board, corporation, route, train) -> None:
            raise GameError("refused for the test", "core:test")

    rules = Impossible(**{f.name: getattr(pos.rules, f.name) for f in dataclasses.fields(pos.rules)})
    refused = dataclasses.replace(pos, rules=rules)
    best = find_best_routes(refused)
    assert not best.routes and best.counters.candidate_paths == 0 and not any_route(refused)
