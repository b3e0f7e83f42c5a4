"""The operating round's shortcuts of stop 49 (issue 32) against fresh computations along real random games
(positions built by legal play):

- the train step's purchases (``trainbuy.purchases``) are found one by one, only as far as asked: asked in the
  order a random draw asks (whether there is one, then how many, then one of them) or in any other order, the
  group holds what a listing built afresh from the other corporations' trains and the depot holds.
"""

from __future__ import annotations

import pytest

from gamekit.choices import ListedActions
from gamekit.g18xx import operating, trainbuy
from gamekit.g18xx.state import OperatingRound
from gamekit.tracks.actions import BuyTrain

from .bot_positions import random_positions

CASES = [("1830", 4, 3), ("1837", 4, 1), ("1894", 3, 2)]


def _train_steps(title: str, players: int, seed: int, cap: int = 4000):
    """``(game, corporation)`` at each train step of a seeded random game where the corporation lists purchases
    (no discard or token's city waiting)."""
    for game in random_positions(title, players, seed, cap):
        rnd = game.state.round
        if isinstance(rnd, OperatingRound) and rnd.step == "buy_train" and not rnd.must_discard and \
                not rnd.pending_tokens and operating.operating(game) is not None:
            yield game, operating.operating(game)


def _fresh(game, corp: str) -> ListedActions:
    """The corporation's purchases computed afresh, train by train: the depot's trains it may buy at their price,
    then every other corporation's train the title lets it buy, at the prices of ``other_price_range``."""
    c = game.state.corporations[corp]
    at_limit = len(c.trains) >= game.train_limit_of(corp)
    ranges = [r for r in trainbuy.ranges(game, corp) if trainbuy.train_owner(game, r.template.train) is None]
    if not at_limit and not game.bank_finances(corp) and game.trains_change_hands():
        for other in sorted(game.state.corporations):
            if other == corp:
                continue
            for train in game.state.corporations[other].trains:
                span = trainbuy.other_price_range(game, corp, train) \
                    if game.may_buy_train(corp, train, from_corporation=True) else None
                if span is not None:
                    ranges.append(trainbuy._purchase(corp, train, span[0], span[1]))
    return ListedActions(BuyTrain.type, [r.template for r in ranges], ranges)


@pytest.mark.parametrize("title,players,seed", CASES)
def test_purchases_found_as_far_as_asked(title, players, seed):
    asked = with_others = 0
    for n, (game, corp) in enumerate(_train_steps(title, players, seed)):
        fresh = _fresh(game, corp)
        drawn = trainbuy.purchases(game, corp)  # as a random draw asks: whether, how many, one of them
        assert bool(drawn) == bool(fresh)
        assert len(drawn) == len(fresh)
        if fresh:
            last = len(fresh) - 1
            assert drawn.action(last) == fresh.action(last) and drawn.range(last) == fresh.range(last)
        picked = trainbuy.purchases(game, corp)  # an action first, then the rest: no measure in between
        if fresh:
            assert picked.action(n % len(fresh)) == fresh.action(n % len(fresh))
        assert list(picked.actions()) == list(fresh.actions())
        assert [picked.range(i) for i in range(len(fresh))] == [fresh.range(i) for i in range(len(fresh))]
        checked = trainbuy.purchases(game, corp)  # whether, twice, and nothing else
        assert bool(checked) == bool(checked) == bool(fresh)
        asked += 1
        with_others += any(trainbuy.train_owner(game, a.train) is not None for a in fresh.actions())
    assert asked > 50 and with_others > 5
