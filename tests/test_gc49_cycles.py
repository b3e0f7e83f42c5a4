"""Bot games make no garbage cycles: everything a game leaves behind is freed by reference counts.

A sweep of many games in one process (``Game.batch`` pauses the cycle collector) would otherwise keep each game's
cycles, and whatever they hold (frames, forks, whole games), until a full collection."""
import gc

import pytest

from gamekit.bots import play_seats
from gamekit.errors import GameError
from gamekit.import18xx import import_log
from gamekit.simulate import new_bot_game
from gamekit.tracks.routes import DistanceRow, _payment_plan

from .fixtures import each_log, fixture_paths

GAMES = [("1830", 4, "random", 1), ("1837", 4, "random", 1), ("1894", 3, "random", 1),
         ("continental-divide", 4, "random", 1), ("american-rails", 4, "random", 1),
         ("1830", 3, "heuristic", 1), ("1894", 4, "heuristic", 2), ("1837", 5, "heuristic", 1),
         ("continental-divide", 4, "heuristic", 1), ("american-rails", 4, "heuristic", 1)]


@pytest.mark.parametrize("title, players, bot, seed", GAMES)
def test_a_bot_game_leaves_no_garbage_cycles(title: str, players: int, bot: str, seed: int) -> None:
    gc.collect()  # what earlier tests left
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        game = play_seats(title, [bot] * players, seed)
        played = len(game.actions)
        del game
        unreachable = gc.collect()
    finally:
        if was_enabled:
            gc.enable()
    assert played > 50
    assert unreachable == 0


LOGS = [logs[0] for logs in (fixture_paths(title) for title in ("1830", "1837", "1894")) if logs]


@each_log(LOGS)
def test_a_replayed_real_game_leaves_no_garbage_cycles(log) -> None:
    gc.collect()
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        report = import_log(log)
        replayed = report.ok
        del report
        unreachable = gc.collect()
    finally:
        if was_enabled:
            gc.enable()
    assert replayed
    assert unreachable == 0


def test_a_returned_refusal_holds_no_frames() -> None:
    """A refusal kept by the caller of ``why_illegal`` must not hold the frames it passed (a cycle through the
    caller's own frame)."""
    game = new_bot_game("1830", 4, 1)
    bid = game.legal_actions()[0]
    game.process(bid)
    refusal = game.why_illegal(bid)  # the same bid again, now out of turn
    assert isinstance(refusal, GameError) and refusal.rule == "1830:auction.order"
    assert refusal.__traceback__ is None


TOWN, MAJOR, ANY = frozenset({"town"}), frozenset({"city", "offboard"}), frozenset({"city", "town", "offboard"})


@pytest.mark.parametrize("stops, rows, paid", [
    ((("city", 50), ("city", 30), ("town", 20)), (DistanceRow(TOWN, 1, 1), DistanceRow(MAJOR, 2, 2)),
     (True, True, True)),  # a 2+1 train pays its two cities and its town
    ((("city", 50), ("city", 30), ("town", 20)), (DistanceRow(ANY, 2, 2),), None),  # a 2-train cannot visit 3
    ((("city", 50), ("town", 30), ("town", 20)), (DistanceRow(TOWN, 9, 0), DistanceRow(ANY, 2, 2)),
     (True, True, False)),  # towns ridden through unpaid: the train is paid for its two best stops
    ((("city", 50), ("city", 40), ("town", 20)), (DistanceRow(ANY, 3, 2),), (True, True, False)),
])
def test_payment_plan_pays_the_best_stops_a_train_may_visit(stops: tuple, rows: tuple, paid: tuple | None) -> None:
    assert _payment_plan(stops, rows) == paid
