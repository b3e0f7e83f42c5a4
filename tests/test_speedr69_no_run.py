"""A run of no train is applied without building the route position (``revenue.checked_run``): under route hooks
without a set bonus, ``run_routes`` of no route checks nothing and earns nothing, so its result is
``revenue._NOTHING_RUN``. Along seeded random games of 1830, 1837 and 1894, at every route step the run of no train
is checked against ``run_routes`` of no route and against the events the rule says it makes: the corporation's
trains earn nothing (rules ``route.run``, ``or.route``)."""

from __future__ import annotations

import pytest

from gamekit.g18xx import revenue
from gamekit.rng import GameRandom
from gamekit.simulate import random_action
from gamekit.titles import game_class
from gamekit.tracks import routes
from gamekit.tracks.actions import RunRoutes


def _route_steps(title: str, players: int, seed: int, wanted: int):
    """The first ``wanted`` positions of a seeded random game where a run of no train is listed: (game, run)."""
    game = game_class(title)([f"P{i + 1}" for i in range(players)], seed=seed)
    rng = GameRandom(seed)
    found = 0
    while found < wanted and not game.is_over:
        runs = [a for a in game.legal_actions() if isinstance(a, RunRoutes) and not a.routes]
        if runs:
            found += 1
            yield game, runs[0]
        game.process(random_action(game, rng))


@pytest.mark.parametrize("title, players, seed", [("1830", 4, 1), ("1837", 4, 2), ("1894", 4, 1)])
def test_a_run_of_no_train_earns_what_run_routes_gives(title, players, seed):
    seen = 0
    for game, run in _route_steps(title, players, seed, 12):
        corp = run.entity
        pos = revenue.route_position(game, corp)
        full = routes.run_routes(pos.data, pos.board, corp, [], pos.trains, pos.phase_colours, rules=pos.rules,
                                 claimed=[])
        assert type(pos.rules).set_bonus is routes.RouteRules.set_bonus  # the shortcut applies in these titles
        assert full == revenue._NOTHING_RUN
        total, subsidy, events = revenue.checked_run(game, run)
        assert (total, subsidy) == (0, 0)
        assert [e.kind for e in events] == ["revenue"]
        assert events[0].data == {"corporation": corp, "revenue": 0}
        assert events[0].rule == game.rule("route.run")
        seen += 1
    assert seen == 12


def test_running_no_train_in_a_game_pays_nothing_and_keeps_the_game_going():
    for game, run in _route_steps("1837", 4, 2, 3):
        before = len(game.actions)
        events = game.process(run)
        assert len(game.actions) == before + 1
        assert [e for e in events if e.kind == "revenue"][0].data["revenue"] == 0
        assert game.state.round.revenue == 0
