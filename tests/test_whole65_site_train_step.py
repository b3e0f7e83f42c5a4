"""18xx.games opens a coal company's train step where the company has room for a train and its treasury covers the
cheapest train the site counts: from the first 3-train on 1 K where any other company holds a train, of any kind,
though a coal company may buy goods trains only (rule ``1837:trains.goods``). gamekit skips that step when no goods
train is within reach, and its export writes the pass the site waits for there
(``gamekit.titles.g1837.trains.site_opens_step``). Found by replaying the bench's whole 3-player seed-1 game in
18xx.games (action 4035: EPP, 53 K and no train, where the bank's cheapest goods train costs 100 K)."""

import pytest

from gamekit.export18xx import waited_steps
from gamekit.simulate import new_bot_game, play_random_game
from gamekit.titles.g1837 import trains


@pytest.fixture(scope="module")
def played():
    """The bench's 1837 3-player seed-1 game up to action 4040."""
    return play_random_game("1837", 3, 1, cap=4040)


def test_the_site_opens_the_coal_companys_train_step(played):
    game = new_bot_game("1837", 3, 1)
    for action in played.actions[:4034]:
        game.process(action)
    epp = game.state.corporations["EPP"]
    assert (epp.cash, epp.trains) == (53, [])
    assert trains.least_purchase(game, "EPP") == 100  # no goods train held by another company: the bank's 1G
    assert game.event_fired(trains.ACROSS)
    assert trains.site_opens_step(game, "EPP")  # the others' passenger trains count 1 K for the site
    assert not trains.site_opens_surrender(game, "EPP")


def test_the_export_writes_the_pass_the_site_waits_for(played):
    assert (4034, "EPP", "pass") in waited_steps(played, 4000, 4040)
