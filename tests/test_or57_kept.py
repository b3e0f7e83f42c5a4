"""The shortcuts of stop 57 (issue 32) give the answers of the full computation along seeded random games:

- ``actions._held`` of an action whose class's fields can hold no record (``actions._holds_no_record``) is the
  full walk of its values (nested records looked into), for every action of the games;
- the trial of a bankruptcy that a listing kept (``trainbuy._listed_could_raise``) is the one made afresh at the
  same position, and a bankruptcy's application reads it there;
- ``Game18xx.is_over``, read from the end reason, is the outcome's being known.
"""

from __future__ import annotations

import pytest

from gamekit import actions
from gamekit.actions import Action, _held, _holds_no_record
from gamekit.g18xx import trainbuy
from gamekit.g18xx.state import OperatingRound
from gamekit.simulate import play_random_game
from gamekit.tracks.actions import Bankrupt

from .bot_positions import random_positions


@pytest.mark.parametrize("title, seed", [("1830", 1), ("1837", 2), ("1894", 3), ("continental-divide", 1),
                                         ("american-rails", 1)])
def test_held_values_are_the_full_walk(title, seed, monkeypatch):
    """For every action of a random game, ``_held`` lists what its full walk lists (the walk it takes for a class
    that may hold records, forced here for every class); the run of trains (the one action type holding records)
    is walked."""
    game = play_random_game(title, 4, seed, cap=1500)
    assert game.actions
    shortcut = [_held(action) for action in game.actions]
    monkeypatch.setattr(actions, "_FLAT", {})
    monkeypatch.setattr(actions, "_holds_no_record", lambda cls: False)
    for action, held in zip(game.actions, shortcut):
        walked = _held(action)
        assert held == walked
        assert all(a is b for a, b in zip(held, walked))
    assert not _holds_no_record(actions.action_types()["run_routes"])
    assert _holds_no_record(actions.action_types()["buy_shares"])


def test_a_record_in_a_flat_action_class_is_no_longer_trusted_once_changed():
    """A listed action changed in place after it was marked checked is built again by ``revalidate`` (its held
    values no longer those marked), flat class or not."""
    sale = actions.action_types()["sell_shares"]._trusted(entity="P1", shares=("PRR_1",), percent=10)
    assert actions.is_checked(sale)
    object.__setattr__(sale, "shares", ("PRR_2",))
    assert not actions.is_checked(sale)


def _bankruptcy_positions(title: str, seed: int):
    """Yield each position of a random game (inside its batch) whose listing offers a bankruptcy."""
    for game in random_positions(title, 4, seed, 6000):
        if isinstance(game.state.round, OperatingRound) and any(a.type == "bankrupt" for a in game.legal_actions()):
            yield game


@pytest.mark.parametrize("title, seed", [("1830", 1), ("1830", 6), ("1837", 2), ("1894", 6)])
def test_a_kept_bankruptcy_trial_is_the_fresh_trial(title, seed):
    """Where a listing offers a bankruptcy, the trial it kept is the answer of selling everything afresh (no
    bundles, so no shortcut) and is what the bankruptcy reads at that position; the bankruptcy is then accepted
    (the kept trial said the money cannot be raised)."""
    found = 0
    for game in _bankruptcy_positions(title, seed):
        corp = game.current_entity
        kept = game._listed_now(trainbuy._COULD_RAISE + corp)
        if kept is None:
            continue  # nothing to sell: no trial was needed
        found += 1
        assert kept == trainbuy._could_raise(game, corp) is False
        assert game.why_illegal(Bankrupt(entity=corp)) is None
    assert found


def test_every_listed_action_of_a_flat_class_holds_no_record():
    """The classes the shortcut trusts are those whose fields are texts, numbers, their tuples and ``None``."""
    flat = {kind for kind, cls in actions.action_types().items() if _holds_no_record(cls)}
    assert "run_routes" not in flat and {"buy_shares", "sell_shares", "lay_tile", "pass"} <= flat
    assert all(issubclass(cls, Action) for cls in actions.action_types().values())


@pytest.mark.parametrize("title", ["1830", "1837", "1894"])
def test_is_over_is_the_outcome_along_a_game(title):
    """``Game18xx.is_over`` reads the end reason itself: every title keeps the shared ``_outcome``, and along a
    random game (its end included) ``is_over`` is true exactly where the outcome is known."""
    from gamekit.g18xx.game import Game18xx
    from gamekit.titles import game_class

    assert game_class(title)._outcome is Game18xx._outcome
    for game in random_positions(title, 4, 1, 6000):  # positions before the end
        assert not game.is_over and game.outcome is None
    game = play_random_game(title, 4, 1)
    assert game.is_over and game.outcome is not None


@pytest.mark.parametrize("title, bot", [("1830", "random_action"), ("1894", "random_bot"), ("1837", "random_bot")])
def test_engine_bots_play_their_own_draw(title, bot):
    """``play_random_game`` calls an engine bot's draw itself (``simulate._DRAWS``): the game is the one played by
    calling the bot at every position, as any other bot is called."""
    from gamekit import simulate
    from gamekit.rng import GameRandom
    from gamekit.simulate import new_bot_game

    chosen = getattr(simulate, bot)
    played = play_random_game(title, 4, 5, cap=800, bot=chosen)
    game, rng = new_bot_game(title, 4, 5), GameRandom(5 * 7919 + 17)
    with game.batch():
        while len(game.actions) < 800 and not game.is_over:
            game.process(chosen(game, rng))
    assert game.actions == played.actions


def _can_buy_any_as_before(game, corp: str) -> bool:
    """``trainbuy.can_buy_any`` as written before stop 57: ``must_buy`` asked before the depot's cheapest train."""
    c = game.state.corporations[corp]
    if len(c.trains) >= game.train_limit_of(corp):
        return game.policy.trade_in_at_limit and any(offer[3] for offer in trainbuy._offers(game, corp))
    if game.must_buy(corp):
        return True
    cheapest = trainbuy.on_sale(game)[1]
    return (cheapest is not None and c.cash >= cheapest) or \
        (c.cash >= 1 and next(trainbuy._others_trains(game, corp), None) is not None)


@pytest.mark.parametrize("title, seed", [("1830", 1), ("1894", 2), ("1837", 1)])
def test_can_buy_any_asks_the_depot_first_with_the_same_answer(title, seed):
    """At every position of a random game where a corporation operates, whether its train step offers a choice
    is the answer of the former order of the questions."""
    asked = 0
    for game in random_positions(title, 4, seed, 3000):
        rnd = game.state.round
        if isinstance(rnd, OperatingRound) and rnd.index < len(rnd.order):
            corp = rnd.order[rnd.index]
            asked += 1
            assert trainbuy.can_buy_any(game, corp) == _can_buy_any_as_before(game, corp)
    assert asked
