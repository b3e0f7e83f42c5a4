"""Listed actions the engine keeps (a private purchase kept across listings, the best run kept with its score)
changed in place past their frozen record are checked again by ``process``, never taken as listed: the refusal is
a ``GameError`` naming the rule, and the state is as before."""
import pickle
from contextlib import contextmanager

import pytest

from gamekit.errors import GameError
from gamekit.rng import GameRandom
from gamekit.simulate import random_action
from gamekit.titles import game_class


@contextmanager
def _first_listing(title, players, seed, wanted):
    """A random game of ``title`` played inside a batch (where listings are kept) up to the first position listing
    an action ``wanted`` accepts; yields the game, still in its batch, and that action (the very object listed)."""
    game = game_class(title)([f"P{i + 1}" for i in range(players)], seed=seed)
    rng = GameRandom(seed)
    with game.batch():
        while not game.is_over:
            found = [a for a in game.legal_actions() if wanted(a)]
            if found:
                yield game, found[0]
                return
            game.process(random_action(game, rng))
    raise AssertionError("no such position")


def _refused_in_place(game, action, field, value, rule):
    kept = getattr(action, field)
    before = pickle.dumps(game.state, pickle.HIGHEST_PROTOCOL)
    object.__setattr__(action, field, value)
    try:
        with pytest.raises(GameError) as refused:
            game.process(action)
        assert refused.value.rule.endswith(rule)
        assert game.state == pickle.loads(before)  # a refusal in a batch rebuilds an equal state
    finally:
        object.__setattr__(action, field, kept)


def test_a_kept_private_purchase_changed_to_no_company_is_refused():
    with _first_listing("1894", 4, 877, lambda a: a.type == "buy_company") as (game, buy):
        _refused_in_place(game, buy, "company", "", ":or.buy-private")
        game.process(buy)  # as listed again: accepted
        assert game.actions[-1].company == buy.company


def test_a_listed_best_run_with_a_revenue_changed_in_place_is_scored_again():
    with _first_listing("1830", 4, 3, lambda a: a.type == "run_routes" and a.routes) as (game, run):
        route = run.routes[0]
        kept = route.revenue
        before = pickle.dumps(game.state, pickle.HIGHEST_PROTOCOL)
        object.__setattr__(route, "revenue", kept + 10)
        try:
            with pytest.raises(GameError) as refused:
                game.process(run)
            assert refused.value.rule == "1830:route.revenue"
            assert game.state == pickle.loads(before)  # a refusal in a batch rebuilds an equal state
        finally:
            object.__setattr__(route, "revenue", kept)
        game.process(run)  # as listed: accepted, with the router's score
        assert game.actions[-1] == run
