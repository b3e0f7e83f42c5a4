"""1837 rules found by comparing with the 18xx.games engine on games nobody chose (issue 36): each is checked on a
position of the real game shipped in ``data/1837/games/`` (replayed by our rules) from which the test plays on
legally, asserting the values the rule gives."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

import gamekit
from gamekit.errors import GameError
from gamekit.import18xx import import_log
from gamekit.actions import Pass
from gamekit.tracks.actions import BuyShares, SellShares
from gamekit.tracks.shares import IPO, POOL

REAL_GAME = Path(__file__).resolve().parent.parent / "data" / "1837" / "games" / "1837_game_end_bank.json"


@lru_cache(maxsize=None)
def _real(options: tuple[str, ...] = ()):
    report = import_log(REAL_GAME)
    assert report.error is None
    return report.game


def at(n: int, options: tuple[str, ...] = ()) -> gamekit.Game:
    """A new game with the real game's players playing its first ``n`` actions (our rules; ``options`` added)."""
    real = _real()
    game = gamekit.new_game("1837", list(real.players), options=options)
    with game.batch():
        for action in real.actions[:n]:
            game.process(action)
    return game


def pass_all(game: gamekit.Game) -> None:
    """Every player passes in turn until the stock round is over."""
    while game.active_step.name == "Stock round":
        game.process(Pass(entity=game.current_entity))


# ----- 1837:stock.sold-out ------------------------------------------------------------------------------------
def test_a_major_whose_ipo_holds_only_reserved_certificates_is_sold_out():
    """Stock round 8 of the real game: TR has floated with TR_4, TR_5 and TR_6 for sale and TR_7, TR_8 reserved
    for ZKB and SPB. Instead of the real purchases, Player 4 and Player 1 buy TR_4 and TR_5 and Player 4 then
    TR_6: only reserved certificates are left in the IPO. At the end of the round TR rises; its president holds
    60% (more than 40%), so diagonally up and left, from 70 K (row 6, column 2) to 72 K (row 5, column 1)."""
    game = at(654)
    assert game.state.ledger.certs(IPO, "TR") == ["TR_4", "TR_5", "TR_6", "TR_7", "TR_8"]
    assert game.state.corporations["TR"].price == (6, 2)
    for who, cert in (("621", "TR_4"), ("2006", "TR_5"), ("2072", None), ("5649", None), ("621", "TR_6")):
        assert game.current_entity == who
        game.process(BuyShares(entity=who, shares=(cert,), percent=10) if cert else Pass(entity=who))
    assert game.state.ledger.certs(IPO, "TR") == ["TR_7", "TR_8"]
    assert game.state.ledger.percent_of("2006", "TR") == 60
    pass_all(game)
    assert game.state.corporations["TR"].price == (5, 1)
    assert game.market.cell((5, 1)).price == 72


def test_a_major_with_a_certificate_for_sale_does_not_rise():
    """The same round as played: TR_6 stays for sale and TR keeps its price."""
    game = at(660)
    pass_all(game)
    assert game.state.corporations["TR"].price == (6, 2)
