"""hostile70 defect 1: a value of a ``str`` or ``int`` subclass in an action is stored as the plain value it holds,
so no rule compares through the subclass's ``__eq__`` and the history holds only JSON types; bools stay refused
where a whole number is asked. Each refusal leaves the game exactly as before, and the game plays on."""

from __future__ import annotations

import enum

import pytest

import gamekit
from gamekit.actions import Pass
from gamekit.errors import GameError, UnknownId
from gamekit.simulate import play_random_game
from gamekit.tracks.actions import Bid


class Agreeable(str):
    """A text that says it equals anything."""

    def __eq__(self, other):
        return True

    def __hash__(self):
        return hash("x")


class AgreeableInt(int):
    """A number that says it equals anything."""

    def __eq__(self, other):
        return True

    def __hash__(self):
        return 1


class Price(enum.IntEnum):
    TWENTY = 20
    SEVENTY_FIVE = 75


NOT_AN_ID = "'x' is not the id of a player or a company of this game; the players' ids are: 'P1', 'P2', 'P3', 'P4'"


@pytest.fixture
def game():
    """1830 with 4 players before its first move: P1 opens the private auction (the SV's price is 20)."""
    return play_random_game("1830", 4, 1, cap=0)


@pytest.mark.parametrize("action, kind, rule, message", [
    (Pass.unchecked(entity=Agreeable("x")), UnknownId, "1830:auction.bid", NOT_AN_ID),
    (Bid.unchecked(entity=Agreeable("x"), company="SV", price=20), UnknownId, "1830:auction.bid", NOT_AN_ID),
    (Bid.unchecked(entity="P1", company=Agreeable("x"), price=20), GameError, "1830:auction.bid", "x is not for sale"),
    (Bid.unchecked(entity="P1", company="SV", price=True), GameError, "core:protocol.fields",
     "bid: field 'price': expected a whole number, got true"),
])
def test_a_subclass_value_is_refused_as_the_plain_value_it_holds(game, action, kind, rule, message):
    before = game.to_json()
    with pytest.raises(GameError) as refused:
        game.process(action)
    assert type(refused.value) is kind and refused.value.rule == rule and refused.value.message == message
    assert game.to_json() == before
    game.process(Bid(entity="P1", company="SV", price=20))  # the game plays on
    assert game.current_entity == "P2"


def test_a_legal_action_of_subclass_values_is_kept_as_plain_values_and_its_save_loads(game):
    game.process(Bid.unchecked(entity=Agreeable("P1"), company=Agreeable("SV"), price=AgreeableInt(20)))
    game.process(Bid(entity="P2", company="DH", price=Price.SEVENTY_FIVE))
    first, second = game.actions[-2:]
    assert (type(first.entity), type(first.company), type(first.price), type(second.price)) == (str, str, int, int)
    assert first.to_json() == {"type": "bid", "entity": "P1", "company": "SV", "price": 20}
    assert gamekit.load_json(game.to_json()).to_json() == game.to_json()


def test_the_constructors_store_plain_values_too():
    bid = Bid(entity=Agreeable("P1"), company="SV", price=Price.TWENTY)
    assert (type(bid.entity), type(bid.price), bid.price) == (str, int, 20)
