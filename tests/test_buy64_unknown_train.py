"""A train purchase naming a train the game does not have is refused as such (rule ``trains.buy``), not as a
train of the wrong variant ("ZZZ is a ZZZ-train, not a 2"), and leaves the game as it was."""

import dataclasses

import pytest

from gamekit.errors import GameError
from gamekit.simulate import play_random_game


@pytest.fixture(scope="module")
def purchase():
    """The position before the last train purchase of the first 400 actions of a 4-player 1830 random game
    (seed 1: NYNH buys 2-5 for $15), and that purchase."""
    game = play_random_game("1830", 4, 1, cap=400)
    index = max(i for i, a in enumerate(game.actions) if a.type == "buy_train")
    return game.at(index), game.actions[index]


@pytest.mark.parametrize("train, text", [("ZZZ", "'ZZZ' is not a train of this game"),
                                         ("", "'' is not a train of this game")])
def test_a_made_up_train_with_a_variant_is_named_as_no_train(purchase, train, text):
    game, action = purchase
    before = game.to_json()
    with pytest.raises(GameError) as refused:
        game.process(dataclasses.replace(action, train=train, variant="2"))
    assert str(refused.value.message) == text
    assert refused.value.rule == "1830:trains.buy"
    assert game.to_json() == before


def test_a_real_train_of_another_variant_is_still_named_by_its_kind(purchase):
    game, action = purchase
    assert (action.entity, action.train) == ("NYNH", "2-5")
    with pytest.raises(GameError) as refused:
        game.process(dataclasses.replace(action, variant="3"))
    assert str(refused.value.message) == "2-5 is a 2-train, not a 3"
