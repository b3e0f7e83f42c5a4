"""1837's first-edition start packet (rule 1837:auction.first-edition), by legal play from a new game."""

from __future__ import annotations

import pytest

import gamekit
from gamekit.actions import Pass
from gamekit.errors import GameError
from gamekit.tracks.actions import Bid

FIRST = ("edition=1st", "packet=1st")


def new_game() -> gamekit.Game:
    return gamekit.new_game("1837", ["Ann", "Ben", "Cy"], options=FIRST)


def test_three_items_are_offered_at_face_value():
    game = new_game()
    assert game.active_step.rule == "1837:auction.first-edition"
    buys = {(a.company, a.price) for a in game.legal_actions() if a.type == "bid"}
    assert buys == {("EKT", 100), ("EPP", 100), ("BB", 100)}
    assert Pass(entity="Ann") in game.legal_actions()


def test_prices_fall_by_10_after_everyone_passes_and_a_purchase_resets_them():
    game = new_game()
    for player in ("Ann", "Ben", "Cy", "Ann", "Ben", "Cy"):
        game.process(Pass(entity=player))
    assert {(a.company, a.price) for a in game.legal_actions() if a.type == "bid"} == \
        {("EKT", 80), ("EPP", 80), ("BB", 80)}
    game.process(Bid(entity="Ann", company="EPP", price=80))
    assert game.cash("Ann") == 730 - 80
    assert game.president("EPP") == "Ann" and game.cash("EPP") == 100  # floats with its fixed treasury
    assert game.current_entity == "Ben"
    assert {(a.company, a.price) for a in game.legal_actions() if a.type == "bid"} == \
        {("EKT", 100), ("BB", 100), ("EOD", 100)}


def test_a_wrong_price_or_an_item_not_offered_is_refused_and_changes_nothing():
    game = new_game()
    before = game.to_json()
    with pytest.raises(GameError) as wrong_price:
        game.process(Bid(entity="Ann", company="EKT", price=90))
    assert wrong_price.value.rule == "1837:auction.first-edition"
    with pytest.raises(GameError, match="KK1 is not on offer"):
        game.process(Bid(entity="Ann", company="KK1", price=60))
    assert game.to_json() == before


def test_the_sd_item_brings_its_mountain_railway():
    game = new_game()
    for _ in range(5):  # EKT, EPP, BB, EOD, RGTE bought at face value
        item = next(a for a in game.legal_actions() if a.type == "bid")
        game.process(item)
    offer = {a.company: a.price for a in game.legal_actions() if a.type == "bid"}
    assert offer == {"SD1": 150, "SD2": 170, "SD3": 185}
    who = game.current_entity
    game.process(Bid(entity=who, company="SD1", price=150))
    assert game.president("SD1") == who and "Semmering" in game.privates(who)


def test_the_packet_holds_no_kk_or_ug_minor_and_the_priority_follows_the_last_to_act():
    game = new_game()
    last = None
    while game.active_round() == "Start packet":
        cheap = [a for a in game.legal_actions() if a.type == "bid" and a.price <= 50]
        action = cheap[0] if cheap else Pass(entity=game.current_entity)
        last = action.entity
        game.process(action)
    seats = ["Ann", "Ben", "Cy"]
    assert game.current_entity == seats[(seats.index(last) + 1) % 3]
    for minor in ("KK1", "KK2", "KK3", "UG1", "UG2", "UG3"):
        assert game.president(minor) is None


def test_packet_1st_needs_the_first_edition():
    with pytest.raises(GameError) as refused:
        gamekit.new_game("1837", ["Ann", "Ben", "Cy"], options=("packet=1st",))
    assert refused.value.rule == "1837:edition"
