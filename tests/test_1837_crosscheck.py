"""1837 rules found by the cross-check against the 18xx.games engine on fresh seeds (issue 36, seeds 501–503):
each is checked on a position of a game played legally by gamekit's random bots (6 players, seed 503; the
position is asserted before the rule is), playing on from it by hand and asserting the values the rule gives."""

from __future__ import annotations

import pytest

import gamekit
from gamekit.actions import Pass
from gamekit.errors import GameError
from gamekit.tracks.actions import BuyShares, Choose, SellShares
from gamekit.tracks.shares import POOL

from .g1837_support import played


def _played() -> tuple:
    """The actions of the random bots' 6-player game of seed 503, to its 1338th, as the cross-check found it."""
    return played("random", 6, 503, 1338)


def at(n: int) -> gamekit.Game:
    """A new 6-player game (players P1–P6) after the bot game's first ``n`` actions, replayed by our rules."""
    game = gamekit.new_game("1837", [f"P{i}" for i in range(1, 7)])
    with game.batch():
        for action in _played()[:n]:
            game.process(action)
    return game


# ----- 1837:trains.emergency: a sale that hands over no presidency ----------------------------------------------
def test_an_emergency_sale_of_a_corporation_the_seller_does_not_preside_is_allowed():
    """TR (47 K, no train) must buy one, the cheapest at 90 K; its president P2 has 33 K and holds 20% of GT,
    whose president P6 also holds 20%. Selling GT hands over no presidency (P2 has none there), so both GT sales
    are listed; P2 could raise 128 K, so bankruptcy is refused. Selling 20% at 64 K brings 128 K and moves GT down
    one row, to 59 K (18xx.games: "P2 sells 2 shares of GT and receives 128K", "from 64K to 59K")."""
    game = at(1327)
    state = game.state
    assert game.current_entity == "TR" and state.corporations["TR"].trains == []
    assert (state.corporations["TR"].cash, state.players["P2"].cash) == (47, 33)
    assert state.corporations["GT"].president == "P6" and state.ledger.percent_of("P2", "GT") == 20
    sales = {a.shares for a in game.legal_actions() if a.type == "sell_shares"}
    assert sales == {("GT_2",), ("GT_2", "GT_4")}
    assert "bankrupt" not in {a.type for a in game.legal_actions()}
    game.process(SellShares(entity="P2", shares=("GT_2", "GT_4"), percent=20))
    assert state.players["P2"].cash == 33 + 128
    assert state.ledger.owner["GT_2"] == state.ledger.owner["GT_4"] == POOL
    assert game.market.cell(state.corporations["GT"].price).price == 59
    assert state.corporations["GT"].president == "P6"


# ----- 1837:stock.must-sell with 1837:stock.sell: over the certificate limit after the one block ---------------
def test_a_player_still_over_the_certificate_limit_after_a_block_goes_on_with_the_turn():
    """Stock round: P4 holds 15 certificates, over the 6-player limit of 14, and must sell: TR, in the yellow zone
    (its certificates count toward no limit), is all P4 may sell. After selling TR_5 P4 still holds 15, but TR has
    been sold this turn and may not be sold again: the turn goes on (18xx.games: buy or pass), and P4 may buy GT,
    also in the yellow zone, though over the limit; a second TR sale is refused under ``1837:stock.sell``."""
    game = at(1338)
    assert game.current_entity == "P4"
    assert {a.type for a in game.legal_actions()} == {"sell_shares"}
    game.process(SellShares(entity="P4", shares=("TR_5",), percent=10))
    assert game.current_entity == "P4"
    actions = game.legal_actions()
    assert {a.type for a in actions} == {"buy_shares", "pass"}
    assert {a.shares[0].split("_")[0] for a in actions if a.type == "buy_shares"} == {"GT"}
    before = game.state_at(len(game.actions))
    with pytest.raises(GameError) as refused:
        game.process(SellShares(entity="P4", shares=("TR_0",), percent=10))
    assert refused.value.rule == "1837:stock.sell"
    assert game.state == before
    game.process(BuyShares(entity="P4", shares=("GT_5",), percent=10))
    assert game.state.ledger.owner["GT_5"] == "P4"


def test_a_pass_ends_that_turn():
    """The same turn: P4 passes after the sale; the next player (P5) acts."""
    game = at(1338)
    game.process(SellShares(entity="P4", shares=("TR_5",), percent=10))
    game.process(Pass(entity="P4"))
    assert game.current_entity == "P5"


# ----- 1837:national.formation: the national forms once its minors have decided -------------------------------
def _heuristic() -> tuple:
    """The actions of the heuristic bots' 7-player game of seed 502, to its 1100th (the exchange round that asks
    KK1 whether to form the KK), as the cross-check found it."""
    return played("heuristic", 7, 502, 1100)


def test_a_national_forms_as_soon_as_its_minors_have_decided():
    """The exchange round asks KK1 (form), then KK2 and KK3 (fold in), then UG1 (form the UG). The KK forms when
    KK3 has decided, before UG1 is asked, as 18xx.games forms it: the bank's 840 K and the three minors'
    treasuries (290 K, 245 K, 160 K) make 1,535 K, and P2, owner of KK1, is its president."""
    game = gamekit.new_game("1837", [f"P{i}" for i in range(1, 8)])
    with game.batch():
        for action in _heuristic():
            game.process(action)
    cash = {m: game.state.corporations[m].cash for m in ("KK1", "KK2", "KK3")}
    assert cash == {"KK1": 290, "KK2": 245, "KK3": 160}
    for minor, choice in (("KK1", "form"), ("KK2", "fold_in")):
        game.process(Choose(entity=minor, choice=choice))
        assert not game.state.corporations["KK"].floated
    game.process(Choose(entity="KK3", choice="fold_in"))
    kk = game.state.corporations["KK"]
    assert kk.floated and kk.cash == 840 + 290 + 245 + 160 and kk.president == "P2"
    assert game.current_entity == "UG1"
    assert {a.choice for a in game.legal_actions()} == {"form", "decline"}
