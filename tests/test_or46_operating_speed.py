"""The operating round's shortcuts (issue 32) give the answers of the full computation, along random games:

- a run of the router's best set, checked at the position where a listing found it, takes the router's score
  (``revenue.checked_run`` reading ``Game._listed_now``): its total, subsidy and events equal those of checking
  and scoring the routes again on a fork of the position (a fork is outside the batch, so it checks afresh);
- where a title says no train changes hands now (``Game18xx.trains_change_hands``), its ``may_buy_train``
  refuses every train another corporation holds, so the train listings that skip them lose nothing.
"""

from __future__ import annotations

import pytest

from gamekit.g18xx import operating, revenue
from gamekit.g18xx.state import OperatingRound
from gamekit.simulate import new_bot_game

from .bot_positions import random_positions

CASES = [("1830", 4, 3), ("1894", 3, 2), ("1837", 4, 1)]


def _play(title: str, players: int, seed: int, cap: int = 2500):
    """Yield each position of a random game (inside its batch) before its action is processed."""
    return random_positions(title, players, seed, cap)


def _route_step(game) -> str | None:
    """The corporation at its route step now, or None."""
    rnd = game.state.round
    if not isinstance(rnd, OperatingRound) or rnd.must_discard or rnd.pending_tokens or rnd.step != "route":
        return None
    return operating.operating(game)


@pytest.mark.parametrize("title,players,seed", CASES)
def test_best_run_takes_the_routers_score(title, players, seed):
    compared = 0
    for game in _play(title, players, seed):
        corp = _route_step(game)
        if corp is None:
            continue
        best = revenue._best_run(game, corp)
        if not best.routes:
            continue
        assert game._listed_now(revenue._BEST_RUN + corp) is not None  # the shortcut is taken
        fresh = revenue.checked_run(game.fork(), best)
        assert revenue.checked_run(game, best) == fresh
        assert fresh[0] > 0 and fresh[2]
        compared += 1
    assert compared >= 5


def test_nothing_listed_outside_a_batch():
    game = new_bot_game("1830", 4, 1)
    game._listing("snapshot", game._snapshot)
    assert game._listed_now("snapshot") is None


@pytest.mark.parametrize("title,players,seed", CASES)
def test_no_train_changes_hands_where_the_title_says_so(title, players, seed):
    asked = 0
    for game in _play(title, players, seed, cap=1500):
        rnd = game.state.round
        if not isinstance(rnd, OperatingRound) or rnd.step != "buy_train" or game.trains_change_hands():
            continue
        corp = operating.operating(game)
        for other, c in game.state.corporations.items():
            for train in c.trains if other != corp else ():
                assert not game.may_buy_train(corp, train, from_corporation=True)
                asked += 1
    if title == "1837" and asked == 0:
        pytest.skip("1837 lets every train change hands (the title does not override trains_change_hands)")


@pytest.mark.parametrize("title,players,seed", CASES)
def test_kept_route_trains_are_the_facts_trains(title, players, seed):
    game = new_bot_game(title, players, seed)
    ids = [t for t in game.state.depot.upcoming]
    assert ids
    for train in ids:
        kept = revenue.route_train(game, train)
        assert kept == revenue._route_train(game, train)
        assert revenue.route_train(game.fork(), train) is kept  # forks share the facts, so the kept trains
