"""The route finder on every logged ``run_routes`` of the recorded 1830 games of 18xx.games.

Before each logged run (the game replayed to just before it): our route check accepts the logged routes with the
logged revenue; the best set is proved optimal and earns at least as much; the best set, as the operating round
offers it (a ``run_routes`` action), is accepted by the same check with the same revenue; and the result is the
same on a fork and with a generous time budget (determinism).
"""

from __future__ import annotations

from pathlib import Path


from gamekit.import18xx import to_action
from gamekit.routes import as_dict, best_routes, run_positions
from gamekit.titles.g1830.revenue import check_run, route_choices

from .fixtures import each_log, fixture_logs, fixture_paths

LOGS = fixture_paths("1830")

# logged runs per game, and the runs where the players left money on the table: action id → (logged, best)
EXPECTED = {
    "26855": (43, {296: (110, 130), 328: (210, 240)}),
    "1830_game_end_bank": (99, {70: (90, 100), 348: (320, 340)}),
}


@each_log(LOGS)
def test_best_routes_before_every_logged_run(log: Path):
    runs = 0
    better = {}
    for logged in run_positions(log):
        game = logged.game
        total, _events = check_run(game, to_action(logged.entry, f"action {logged.action_id}"))
        assert total == logged.logged_revenue
        result = best_routes(game, logged.corporation)
        assert result.proved_optimal
        assert result.total >= logged.logged_revenue
        if result.total > logged.logged_revenue:
            better[logged.action_id] = (logged.logged_revenue, result.total)
        offered = route_choices(game, logged.corporation)
        assert check_run(game, offered[0])[0] == result.total
        assert offered[-1].routes == ()
        runs += 1
    assert (runs, better) == EXPECTED[log.stem]


def test_a_better_run_the_players_missed():
    # 26855, action 328: NYC's two 3-trains ran E23-E19 for 90 and F22-F20-G19 for 120. Both can run into New
    # York (G19-1, 80): F20 holds two towns on separate track, one for each train
    log = next(p for p in fixture_logs("1830") if p.stem == "26855")
    (logged,) = run_positions(log, at=328)
    result = best_routes(logged.game, logged.corporation)
    summary = as_dict(result)
    assert summary["total"] == 240 and summary["proved_optimal"]
    assert [r["stops"] for r in summary["routes"]] == [
        [["E19-0", 30], ["F20-0", 10], ["G19-1", 80]],
        [["F22-0", 30], ["F20-1", 10], ["G19-1", 80]],
    ]
    fork = logged.game.fork()
    assert best_routes(fork, "NYC", time_budget=60).routes == result.routes


def test_brute_force_agrees_on_the_early_runs_of_a_real_game():
    # the oracle of test_router_oracle on real positions: 26855 up to action 330, corporations with one or two
    # trains (later positions take the brute force too long)
    from gamekit.routes import position

    from .test_router_oracle import oracle

    log = next(p for p in fixture_logs("1830") if p.stem == "26855")
    checked = []
    for logged in run_positions(log):
        if logged.action_id > 330:
            break
        pos = position(logged.game, logged.corporation)
        if len(pos.trains) <= 2:
            expected = oracle(pos.board, pos.corporation, dict(pos.trains), pos.phase_colours)
            assert best_routes(logged.game, logged.corporation).total == expected, logged.action_id
            checked.append(expected)
    assert len(checked) == 19 and sum(checked) == 2570
