"""1837's second-edition start packet ending with items unsold (rule 1837:auction.select) and the stock rounds
that then sell only those items (rule 1837:stock.round), as 18xx.games plays them; built by legal play."""

from __future__ import annotations

import pytest

import gamekit
from gamekit.actions import Pass
from gamekit.errors import GameError
from gamekit.tracks.actions import Bid, BuyCompany, Par

SEATS = ["Ann", "Ben", "Cy"]


def new_game() -> gamekit.Game:
    return gamekit.new_game("1837", SEATS)


def sell(game: gamekit.Game, player: str, item: str, price: int) -> None:
    """``player`` chooses ``item`` at ``price`` and the others drop out."""
    game.process(Bid(entity=player, company=item, price=price))
    while game.active_step.rule == "1837:auction.bid":
        game.process(Pass(entity=game.current_entity))


def test_a_round_of_passes_ends_the_packet_with_every_item_unsold():
    game = new_game()
    game.process(Pass(entity="Ann"))
    game.process(Pass(entity="Ben"))
    assert game.active_round() == "Start packet" and Pass(entity="Cy") in game.legal_actions()
    events = game.process(Pass(entity="Cy"))
    assert any(e.kind == "packet_end" and len(e.data["unsold"]) == 23 for e in events)
    # the turn rests on Ann, the first player after Cy who can afford an item: she has the priority deal
    assert game.active_round() == "Stock round 1" and game.current_entity == "Ann"
    offered = {(a.company, a.price) for a in game.legal_actions() if a.type == "buy_company"}
    assert ("EPP", 40) in offered and ("SD3", 135) in offered and ("UG1", 80) in offered and len(offered) == 23
    assert {a.type for a in game.legal_actions()} == {"buy_company", "pass"}


def test_a_stock_round_with_unsold_items_sells_only_them_at_face_value():
    game = new_game()
    for player in SEATS:
        game.process(Pass(entity=player))
    before = game.to_json()
    with pytest.raises(GameError) as refused:
        game.process(Par(entity="Ann", corporation="BK", share_price="94,4,3"))
    assert refused.value.rule == "1837:stock.round" and game.to_json() == before
    with pytest.raises(GameError):
        game.process(BuyCompany(entity="Ann", company="EPP", price=45))
    assert game.to_json() == before
    events = game.process(BuyCompany(entity="Ann", company="EPP", price=40))
    assert [e.kind for e in events][:3] == ["buy_private", "grant", "float"]
    assert game.cash("Ann") == 730 - 40
    assert game.cash("EPP") == 100 and game.state.corporations["EPP"].president == "Ann"
    # the purchase ends Ann's turn; EPP is no longer for sale
    assert game.current_entity == "Ben"
    assert "EPP" not in {a.company for a in game.legal_actions() if a.type == "buy_company"}


def test_a_player_who_cannot_afford_an_item_makes_the_last_pass_of_the_round():
    game = new_game()
    sell(game, "Ann", "SD3", 730)  # Ann spends all her cash
    assert game.cash("Ann") == 0
    game.process(Pass(entity="Ben"))
    game.process(Pass(entity="Cy"))
    # Ann can afford nothing: her pass is the round's last and her only choice
    assert game.current_entity == "Ann" and game.legal_actions() == [Pass(entity="Ann")]
    game.process(Pass(entity="Ann"))
    # the packet is over with 22 items unsold; the first player after Ann who can afford one, Ben, starts
    assert game.active_round() == "Stock round 1" and game.current_entity == "Ben"
    assert len({a.company for a in game.legal_actions() if a.type == "buy_company"}) == 22


def test_a_player_passed_over_for_want_of_cash_counts_toward_the_round_of_passes():
    game = new_game()
    sell(game, "Ann", "SD3", 730)
    sell(game, "Ben", "SD2", 730)  # Ben chooses after Ann's purchase; now Ann and Ben have nothing
    # Cy chooses and passes; Ann is passed over, and Ben's pass, his only choice, is the round's last
    assert game.current_entity == "Cy"
    game.process(Pass(entity="Cy"))
    assert game.current_entity == "Ben" and game.legal_actions() == [Pass(entity="Ben")]
    game.process(Pass(entity="Ben"))
    assert game.active_round() == "Stock round 1" and game.current_entity == "Cy"


def test_a_minor_bought_in_the_packet_names_its_certificate_for_a_reader():
    game = new_game()
    game.process(Bid(entity="Ann", company="UG1", price=80))
    game.process(Pass(entity="Ben"))
    events = game.process(Pass(entity="Cy"))
    grant = next(e for e in events if e.kind == "grant")
    assert grant.text == "Ann receives UG1's first 50% certificate" and grant.data == {"certificate": "UG1_0"}
