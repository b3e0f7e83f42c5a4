"""A holder's name is refused as a player's in any case; a company's id keeps its case (hostile69 item 6)."""

from __future__ import annotations

import pytest

import gamekit
from gamekit.errors import GameError


@pytest.mark.parametrize("title, name", [("1830", "Bank"), ("1830", "BANK"), ("1830", "IPO"), ("1830", "Ipo"),
                                         ("1894", "Pool"), ("1837", "POOL"), ("continental-divide", "Bank")])
def test_a_holders_name_in_any_case_is_refused(title, name):
    """"bank", "ipo" and "pool" were refused, "Bank", "IPO" and "Pool" accepted: a player IPO then read "IPO buys
    a 10% certificate of B&O from the IPO"."""
    players = [name, "Bea", "Cy", "Dee"][:gamekit.titles.game_class(title).min_players]
    with pytest.raises(GameError) as refusal:
        gamekit.new_game(title, players)
    assert str(refusal.value) == (f"a player may not be called {name}: that name is taken by a company or a holder in "
                                  f"this game (rule {gamekit.titles.game_class(title).rule_prefix}:setup)")


def test_a_company_id_keeps_its_case():
    """A player Li plays American Rails beside the railroad LI; Erie plays 1830 beside ERIE; "ERIE" is refused."""
    assert [p.name for p in gamekit.new_game("american-rails", ["Li", "Bo", "Cy"]).players] == ["Li", "Bo", "Cy"]
    assert len(gamekit.new_game("1830", ["Erie", "Bo"]).players) == 2
    with pytest.raises(GameError, match="a player may not be called ERIE"):
        gamekit.new_game("1830", ["ERIE", "Bo"])
