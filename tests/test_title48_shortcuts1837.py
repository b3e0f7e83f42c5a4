"""1837's shortcuts answer as the rules they stand for, along random games: the trains one company may buy from
another, answered for all the seller's trains at once while trains change hands (``trains_buyable_from``), and
whether the bank has companies for sale (``_bank_sells``)."""

from __future__ import annotations

import pytest

from gamekit.rng import GameRandom
from gamekit.simulate import new_bot_game, random_action


@pytest.mark.parametrize("seed", [1, 2])
def test_shortcuts_match_the_rules_along_a_random_game(seed):
    game = new_bot_game("1837", 4, seed)
    rng = GameRandom(seed)
    asked = {"trains": 0, "refused": 0, "bank sells": 0, "bank sells not": 0}
    for _ in range(2500):
        if game.is_over:
            break
        selling = bool(game._bank_companies())
        assert game._bank_sells() == selling
        asked["bank sells" if selling else "bank sells not"] += 1
        if game.trains_change_hands():
            corporations = game.state.corporations
            for corp in corporations:
                for other in corporations:
                    if other == corp or not corporations[other].trains:
                        continue
                    fresh = [t for t in corporations[other].trains if game.may_buy_train(corp, t, True)]
                    assert game.trains_buyable_from(corp, other) == fresh
                    asked["trains"] += 1
                    asked["refused"] += len(corporations[other].trains) - len(fresh)
        game.process(random_action(game, rng))
    # the games reach trains changing hands (some refused: coal companies' passenger trains, debtors) and both
    # answers of the bank's sale
    assert all(asked.values()), asked
