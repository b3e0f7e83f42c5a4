"""The depot's trains a corporation may buy, kept per depot and buyer kind (``trainbuy.depot_trains``,
``Game18xx.depot_buyer_kind``): always the trains of ``offered`` that ``may_buy_train`` allows, in order."""

from gamekit.g18xx import trainbuy
from gamekit.simulate import new_bot_game, random_bot
from gamekit.rng import GameRandom


def _asked_fresh(game, corp):
    return tuple(t for t in trainbuy.offered(game) if game.may_buy_train(corp, t, from_corporation=False))


def _check_game(title, seed, actions):
    game = new_bot_game(title, 4, seed)
    rng = GameRandom(seed)
    checked = 0
    with game.batch():
        for _ in range(actions):
            if game.is_over:
                break
            if game.state.depot.discarded or checked % 7 == 0:  # the discard pile's order matters in 1837
                for corp in game.state.corporations:
                    assert trainbuy.depot_trains(game, corp) == _asked_fresh(game, corp), (title, corp)
            checked += 1
            game.process(random_bot(game, rng))
    return checked


def test_depot_trains_match_may_buy_train_1837():
    # coal companies buy goods trains only: their kind is their own
    assert _check_game("1837", 3, 1500) > 100


def test_depot_trains_match_may_buy_train_1830():
    assert _check_game("1830", 2, 600) > 100


def test_depot_buyer_kind_1837():
    game = new_bot_game("1837", 4, 1)
    kinds = {game.depot_buyer_kind(c) for c in game.state.corporations}
    assert kinds == {True, False}
    assert new_bot_game("1830", 4, 1).depot_buyer_kind("PRR") is None
