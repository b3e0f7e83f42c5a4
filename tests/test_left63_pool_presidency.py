"""1837: one rule gives a corporation whose president's certificate lies in the bank pool a president
(``gamekit.g18xx.economy.presidency_from_pool``, rules ``stock.president`` and ``1837:end.bankrupt``), at the
bankruptcy of its president and later, when a player comes to hold as much as the president's certificate.

The position is the cross-check's game of ``test_bk62_bankrupt_pool`` (5 players, every seat random, seed 8028,
seat order P2, P3, P4, P5, P1) before MS's president P4 goes bankrupt, with one of P2's two MS certificates moved to
the pool first: at the bankruptcy nobody holds 20% of MS, and MS is left without a president. The tie is then
hand-built (certificates moved from the pool): P2 and P5 hold 20% each.

A tie at the bankruptcy goes to the first tied player after the bankrupt in seat order, as 18xx.games counts the
distance from the old president (``test_bk62_bankrupt_pool``, P5 over P2). At a later takeover 18xx.games' old
president is the pool itself, every distance is 0 and the tied player who first held a certificate of the
corporation is kept; no legal play reaches that tie there or here, since each single holding change of a
corporation without a president is checked at once, so nobody else holds 20% when one player reaches it. gamekit,
which keeps no such order, gives it to the first tied player in seat order.
"""

from __future__ import annotations

import gamekit
from gamekit.g18xx.economy import presidency_from_pool, update_president
from gamekit.tracks.shares import POOL

from tests.test_bk62_bankrupt_pool import _go_bankrupt, _position


def _without_president() -> gamekit.Game:
    """The position after P4's bankruptcy, MS without a president; P2 then holds MS_3 and MS_8, P5 MS_1 and MS_2
    (20% each), P1 MS_7 (10%)."""
    game = _position()
    ledger = game.state.ledger
    ledger.move("MS_6", POOL)
    events = _go_bankrupt(game)
    assert game.state.corporations["MS"].president is None and ledger.owner["MS_0"] == POOL
    assert not any(e.kind == "president" and e.data["corporation"] == "MS" for e in events)
    assert ledger.certs(POOL, "MS") == ["MS_8", "MS_1", "MS_2", "MS_5", "MS_4", "MS_6", "MS_0"]
    ledger.move("MS_8", "P2")
    for cert in ("MS_1", "MS_2"):
        ledger.move(cert, "P5")
    assert {p: ledger.percent_of(p, "MS") for p in game.state.seat_order} == {
        "P2": 20, "P3": 0, "P4": 0, "P5": 20, "P1": 10}
    return game


def test_a_later_takeover_from_the_pool_goes_to_the_first_tied_player_in_seat_order():
    """P2 (first seat) and P5 tie at 20%: P2 presides, handing their first 20% (MS_3, MS_8) to the pool for the
    president's certificate; the event names the certificates and no former president."""
    game = _without_president()
    ledger = game.state.ledger
    events = update_president(game, "MS")
    assert game.state.corporations["MS"].president == "P2" and ledger.certs("P2", "MS") == ["MS_0"]
    assert ledger.certs("P5", "MS") == ["MS_1", "MS_2"]
    assert ledger.certs(POOL, "MS") == ["MS_5", "MS_4", "MS_6", "MS_3", "MS_8"]
    assert [(e.kind, e.data) for e in events] == [
        ("president", {"corporation": "MS", "from": None, "to": "P2", "certificates": ["MS_3", "MS_8"]})]
    assert str(events[0].text) == "P2 becomes president of MS"


def test_the_same_rule_after_a_bankrupt_player_starts_after_their_seat():
    """The same holdings, asked as at P4's bankruptcy: the first tied player after P4 is P5."""
    game = _without_president()
    ledger = game.state.ledger
    events = presidency_from_pool(game, "MS", old="P4")
    assert game.state.corporations["MS"].president == "P5" and ledger.certs("P5", "MS") == ["MS_0"]
    assert ledger.certs("P2", "MS") == ["MS_3", "MS_8"]
    assert ledger.certs(POOL, "MS") == ["MS_5", "MS_4", "MS_6", "MS_1", "MS_2"]
    assert [(e.data["from"], e.data["to"], e.data["certificates"]) for e in events] == [
        ("P4", "P5", ["MS_1", "MS_2"])]


def test_nobody_holding_the_presidents_certificate_leaves_it_without_a_president():
    """With P2 and P5 back at 10% nobody holds 20%: nothing moves, and MS stays without a president. When P2 then
    holds 20% alone, P2 presides."""
    game = _without_president()
    ledger = game.state.ledger
    ledger.move("MS_8", POOL)
    ledger.move("MS_2", POOL)
    assert presidency_from_pool(game, "MS") == [] and game.state.corporations["MS"].president is None
    assert ledger.owner["MS_0"] == POOL and ledger.certs("P2", "MS") == ["MS_3"]
    ledger.move("MS_5", "P2")
    assert [e.data["to"] for e in presidency_from_pool(game, "MS")] == ["P2"]
