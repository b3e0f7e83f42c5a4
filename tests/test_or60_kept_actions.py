"""The stock round's listed purchases and sales are kept by their values (``stock._kept_action``): one checked,
frozen object per value set, equal to the action built afresh, never one of the other type, and forgotten when the
memo is full; a game that processes the kept objects plays as one that processes fresh copies."""

from __future__ import annotations

from gamekit.actions import is_checked
from gamekit.g18xx import stock
from gamekit.rng import GameRandom
from gamekit.simulate import new_bot_game, random_action
from gamekit.tracks.actions import BuyShares, SellShares


def test_a_purchase_or_sale_is_kept_by_its_values_and_checked():
    stock._BUILT.clear()  # built here, then: another test may have emptied the checked marks meanwhile
    buy = stock._buy_action("P1", "PRR_3", 10)
    assert buy is stock._buy_action("P1", "PRR_3", 10)
    assert buy == BuyShares(entity="P1", shares=("PRR_3",), percent=10) and is_checked(buy)
    sale = stock._sell_action("P1", ("PRR_3",), 10)
    assert type(sale) is SellShares and sale == SellShares(entity="P1", shares=("PRR_3",), percent=10)
    assert is_checked(sale) and sale is stock._sell_action("P1", ("PRR_3",), 10)
    assert stock._buy_action("P2", "PRR_3", 10) is not buy


def test_the_kept_actions_are_forgotten_when_full(monkeypatch):
    monkeypatch.setattr(stock, "BUILT_KEPT", 2)
    stock._BUILT.clear()
    first = stock._buy_action("P1", "PRR_3", 10)
    stock._buy_action("P1", "PRR_4", 10)
    stock._buy_action("P1", "PRR_5", 10)  # full: the memo starts again
    assert len(stock._BUILT) == 1
    again = stock._buy_action("P1", "PRR_3", 10)
    assert again == first and again is not first


def test_processing_fresh_copies_plays_the_same_game():
    kept, fresh = new_bot_game("1830", 4, 3), new_bot_game("1830", 4, 3)
    rng = GameRandom(11)
    while not kept.is_over and len(kept.actions) < 600:
        action = random_action(kept, rng)
        copy = type(action)(**action.field_values())  # built and checked afresh
        assert copy == action
        kept.process(action)
        fresh.process(copy)
    assert [e.text for es in kept._events for e in es] == [e.text for es in fresh._events for e in es]
    assert kept.state == fresh.state


def test_a_range_at_its_template_value_gives_the_template_itself():
    from gamekit.choices import ActionRange

    template = BuyShares._trusted(entity="P1", shares=("PRR_3",), percent=10)
    span = ActionRange(template, "percent", 10, 30, 10)
    assert span.action(10) is template
    other = span.action(20)
    assert other is not template and other.percent == 20 and is_checked(other)
    floated = span.action(10.0)  # a value of another type is a copy holding it, as before
    assert floated is not template and type(floated.percent) is float and not is_checked(floated)
