"""1837's surrender is offered only where a purchase can follow it (rule ``1837:trains.surrender``): from the
first 3-train on, 1 K counts as the least a new train costs only where another company has a train the
surrendering company may buy; otherwise the bank's cheapest train of a kind it may buy does, as before the
3-train. 18xx.games counts 1 K from the first 3-train on whatever the others hold, so in the bench's 1837 game
(4 players, seed 5) it let the coal company EHS surrender its 2G (paying 115 K of its 208 K) with no goods train
it could then buy, and waited for that purchase for ever (found by replaying the game in 18xx.games, action
4502)."""

import pytest

from gamekit.export18xx import waited_steps
from gamekit.g18xx import operating, trainbuy
from gamekit.simulate import play_random_game
from gamekit.titles.g1837 import trains
from gamekit.tracks.trains import train_facts
from tests.bot_positions import operating_positions


def _surrenders(game):
    return [a for a in game.legal_actions() if a.type == "scrap_train"]


def _followed_by_a_purchase(game, corp, surrender) -> bool:
    after = game.fork_after(surrender)
    return operating.operating(after) == corp and any(a.type == "buy_train" for a in after.legal_actions())


@pytest.fixture(scope="module")
def game():
    """The bench's 1837 game (4 players, seed 5), its first 4,502 actions."""
    return play_random_game("1837", 4, 5, cap=4502)


def test_a_coal_company_keeps_a_train_no_purchase_could_replace(game):
    bought = game.actions[4500]
    assert (bought.type, bought.entity, bought.train, bought.price) == ("buy_train", "EHS", "2G-2", 70)  # from ZKB
    after = game.at(4501)
    corp = "EHS"
    assert (after.cash(corp), after.state.corporations[corp].trains) == (208, ["2G-2"])  # at its limit of one
    assert trains.cost(after, "2G-2") == 115  # half of 230: 93 K would be left
    assert not trainbuy.others_sell_one(after, corp)  # no other company has a goods train for EHS
    assert trains.least_purchase(after, corp) == 100  # a 1G from the bank pool, more than 93 K
    assert trains.choices(after, corp) == []
    assert operating.operating(after) == "SD1"  # EHS's train step ended: nothing to buy, nothing to surrender
    assert trains.site_opens_surrender(after, corp)  # 18xx.games opens it: the export writes EHS's pass
    assert (4500, corp, "pass") in waited_steps(game)


def test_every_offered_surrender_is_followed_by_a_purchase():
    offered = 0
    for game, corp in operating_positions("1837", 4, 1, 4000):
        if game.state.round.step != "buy_train":
            continue
        for surrender in _surrenders(game):
            offered += 1
            assert _followed_by_a_purchase(game, corp, surrender), (len(game.actions), corp, surrender)
    assert offered > 100  # seed 1 offers 131
