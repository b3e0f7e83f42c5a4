"""The operating round's shortcuts (issue 32) against fresh computations along real random games.

- A turn begun inside an action is settled once, by the action's last :func:`~gamekit.g18xx.operating.settle`
  (``_next(game, settled=False)``): settling the position again afterwards must skip nothing and change nothing.
- A train listing's ranges must equal ranges built afresh from the other corporations' trains in the order
  :func:`~gamekit.g18xx.trainbuy._others_trains` yields them.
- The train step lists its purchases as one lazy group (``trainbuy.purchases``): it must hold what a listing
  built from ``trainbuy.ranges`` holds.
- :meth:`~gamekit.g18xx.game.Game18xx.train_limit_of`, ``event_fired`` and ``private_symbols`` read the facts'
  memo without calling ``_facts_memo``: their answers must equal the facts' own.
"""

from __future__ import annotations

import copy

import pytest

from gamekit.actions import Pass
from gamekit.choices import ListedActions, groups_of, listed, ranges_in
from gamekit.g18xx import companies, operating, trainbuy
from gamekit.g18xx.game import _carriers
from gamekit.g18xx.state import OperatingRound
from gamekit.tracks.actions import BuyTrain
from gamekit.simulate import new_bot_game
from gamekit.tracks.trains import phase

from .bot_positions import random_positions

CASES = [("1830", 4, 3), ("1837", 4, 1), ("1894", 3, 2)]


def _positions(title: str, players: int, seed: int, cap: int = 3000):
    """Positions of a seeded random game, as the bots play it."""
    return random_positions(title, players, seed, cap)


def _train_steps(title: str, players: int, seed: int):
    """``(game, corporation)`` at each train step of a seeded random game where the corporation lists purchases
    (no discard or token pending)."""
    for game in _positions(title, players, seed):
        rnd = game.state.round
        if not isinstance(rnd, OperatingRound) or rnd.step != "buy_train" or rnd.must_discard or \
                rnd.pending_tokens or operating.operating(game) is None:
            continue
        yield game, operating.operating(game)


@pytest.mark.parametrize("title,players,seed", CASES)
def test_settled_once_is_settled(title, players, seed):
    checked = 0
    for game in _positions(title, players, seed, cap=1500):
        if not isinstance(game.state.round, OperatingRound) or game.state.end_reason:
            continue
        before = copy.deepcopy(game.state)
        assert operating.settle(game) == []
        assert game.state == before
        checked += 1
    assert checked > 200


@pytest.mark.parametrize("title,players,seed", CASES)
def test_train_listing_matches_fresh(title, players, seed):
    compared = with_others = 0
    for game, corp in _train_steps(title, players, seed):
        others = list(trainbuy._others_trains(game, corp))
        listed = trainbuy.ranges(game, corp)
        cash = game.state.corporations[corp].cash
        bought_from_others = [r for r in listed if r.template.train in others]
        if bought_from_others and not (game.policy.emergency_from_others and game.must_buy(corp)):
            # the plain case: each train of another corporation, in the generator's order, from $1 to the cash
            assert listed[-len(others):] == bought_from_others
            assert [(r.template.entity, r.template.train, r.template.price, r.low, r.high, r.template.exchange)
                    for r in bought_from_others] == [(corp, t, 1, 1, cash, None) for t in others]
        compared += 1
        with_others += bool(others)
    assert compared > 50 and with_others > 5


@pytest.mark.parametrize("title,players,seed", CASES)
def test_facts_memo_readers_match_facts(title, players, seed):
    events = sorted({e for t in new_bot_game(title, players, seed).facts.trains for e in t.events})
    for n, game in enumerate(_positions(title, players, seed, cap=1200)):
        if n % 7:
            continue
        facts, depot = game.facts, game.state.depot
        for corp in game.state.corporations:
            assert game.train_limit_of(corp) == facts.train_limit(corp, phase(facts, depot))
        for event in events:
            assert game.event_fired(event) == any(name in depot.sold_types for name in _carriers(facts, event))
        assert game.private_symbols() == frozenset(game._private_symbols())


@pytest.mark.parametrize("title,players,seed", CASES)
def test_purchase_group_matches_listed_ranges(title, players, seed):
    """The train step's lazy group (``trainbuy.purchases``) holds the actions and ranges that
    :class:`~gamekit.choices.ListedActions` holds when built from ``trainbuy.ranges``, at positions of real games;
    and the step's whole listing equals the one built from the ranges (``groups_of``)."""
    compared = 0
    for game, corp in _train_steps(title, players, seed):
        own = trainbuy.ranges(game, corp)
        group = trainbuy.purchases(game, corp)
        fresh = ListedActions(BuyTrain.type, [r.template for r in own], own)
        assert len(group) == len(fresh) and bool(group) == bool(fresh)
        assert list(group.actions()) == list(fresh.actions())
        assert [group.action(i) for i in range(len(group))] == list(fresh.actions())
        assert [group.range(i) for i in range(len(group))] == [fresh.range(i) for i in range(len(fresh))]
        turn = operating.turn_step(game, "buy_train")
        company = companies.company_ranges(game, corp)
        rest = [r.template for r in company] + ([Pass(entity=corp)] if turn.passable(game, corp) else [])
        whole = groups_of([r.template for r in own] + turn.choices(game, corp) + rest, own + company)
        groups = operating.action_groups(game)
        assert listed(groups) == listed(whole)
        assert ranges_in(groups) == ranges_in(whole)
        compared += bool(own)
    assert compared > 30
