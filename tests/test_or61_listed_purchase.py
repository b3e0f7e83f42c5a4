"""A train purchase played from the listing (``Game._play_listed``) skips the checks of ``trainbuy._check_purchase``
(train limit, variant, the title's ``may_buy_train``): every purchase the train step lists passes them, at every
train-step position of random games of the 18xx titles (before and after trains change hands between
corporations)."""

from __future__ import annotations

import pytest

from gamekit.g18xx import trainbuy
from gamekit.g18xx.state import OperatingRound
from gamekit.rng import GameRandom
from gamekit.simulate import new_bot_game, random_action
from gamekit.tracks.actions import BuyTrain


@pytest.mark.parametrize("title,players,seed", [("1830", 4, 1), ("1837", 4, 2), ("1894", 4, 3)])
def test_every_listed_purchase_passes_the_checks_a_listed_play_skips(title, players, seed):
    game = new_bot_game(title, players, seed)
    rng = GameRandom(seed * 7919 + 17)
    checked = from_others = 0
    with game.batch():
        while not game.is_over and len(game.actions) < 4000:
            rnd = game.state.round
            if isinstance(rnd, OperatingRound) and rnd.step == "buy_train" and not rnd.must_discard:
                for action in game.legal_actions():
                    if isinstance(action, BuyTrain):
                        seller = trainbuy.train_owner(game, action.train)
                        trainbuy._check_purchase(game, action, seller)  # raises GameError if refused
                        checked += 1
                        from_others += seller is not None
            game._play_listed(random_action(game, rng))
    assert checked > 100 and from_others > 0, (checked, from_others)
