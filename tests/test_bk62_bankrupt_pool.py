"""1837: a bankrupt player's certificates reach the bank pool as 18xx.games moves them (rule ``1837:end.bankrupt``).

The position is the cross-check's game (5 players, every seat random, seed 8028) before its action 833: MS's
president P4 goes bankrupt holding the coal companies LRB and EHS (exchanged for TI, which P3 presides with 20%),
EPP (for BK), the minors SD1 and SD3 (SD, not formed), the president's half of UG3 (P5 holds the other half),
MS's president's certificate, SD's first certificate and 10% of TI. 18xx.games exchanges and merges the coal
companies and minors with the shares going straight to the pool, then puts the rest there: its pool lists TI as
TI_7, TI_8, TI_1 and P4 never presides TI (gamekit gave P4 the exchanged shares first, made P4 TI's president for a
moment and listed TI_8, TI_1, TI_7). The tie cases are hand-built on the same position (certificates moved before
the bankruptcy), each as 18xx.games' share pool decides them: a tie with the old president keeps them president; a
tie among successors goes to the first after the bankrupt player in seat order.
"""

from __future__ import annotations

from functools import lru_cache

import gamekit
from gamekit.bots import play_seats
from gamekit.tracks.shares import IPO, POOL

BEFORE = 832  # actions before MS's bankruptcy


@lru_cache(maxsize=None)
def _actions() -> tuple:
    """The cross-check game's first ``BEFORE + 1`` actions (the last is the bankruptcy)."""
    return tuple(play_seats("1837", ["random"] * 5, 8028, cap=BEFORE + 1).actions)


def _position() -> gamekit.Game:
    """A new game replayed to the position before the bankruptcy, asserted as the module's docstring says."""
    game = gamekit.new_game("1837", [f"P{i}" for i in range(1, 6)])
    with game.batch():
        for action in _actions()[:BEFORE]:
            game.process(action)
    state = game.state
    ledger = state.ledger
    assert game.current_entity == "MS" and state.corporations["MS"].president == "P4"
    assert {c: ledger.certs("P4", c) for c in ledger.corporations_of("P4")} == {
        "LRB": ["LRB_0"], "EPP": ["EPP_0"], "UG3": ["UG3_0"], "EHS": ["EHS_0"], "SD3": ["SD3_0"],
        "SD1": ["SD1_0"], "MS": ["MS_0"], "SD": ["SD_0"], "TI": ["TI_1"]}
    assert state.corporations["TI"].president == "P3" and ledger.certs("P3", "TI") == ["TI_0"]
    assert ledger.certs(POOL, "TI") == [] and ledger.certs("P2", "MS") == ["MS_3", "MS_6"]
    assert state.seat_order == ["P2", "P3", "P4", "P5", "P1"]
    return game


def _go_bankrupt(game: gamekit.Game) -> list:
    """Process the game's bankruptcy; returns its events."""
    bankrupt = _actions()[BEFORE]
    assert (bankrupt.type, bankrupt.entity) == ("bankrupt", "MS")
    return game.process(bankrupt)


def test_the_bankrupt_players_certificates_reach_the_pool_in_18xx_games_order():
    """The pool lists are 18xx.games' after its action 833; the coal companies and minors have closed, UG3 passes
    to P5 (the other half), MS to P2, and P3 stays TI's president."""
    game = _position()
    _go_bankrupt(game)
    state = game.state
    ledger = state.ledger
    assert {c: ledger.certs(POOL, c) for c in ("TI", "BK", "SD", "UG3")} == {
        "TI": ["TI_7", "TI_8", "TI_1"], "BK": ["BK_7"], "SD": ["SD_5", "SD_6", "SD_0"], "UG3": ["UG3_1"]}
    assert ledger.certs(POOL, "MS") == ["MS_8", "MS_1", "MS_2", "MS_5", "MS_4", "MS_3", "MS_6"]
    assert ledger.corporations_of("P4") == [] and state.players["P4"].bankrupt
    assert all(game.closed(c) for c in ("LRB", "EPP", "EHS", "SD1", "SD3")) and not game.closed("UG3")
    presidents = {c: state.corporations[c].president for c in ("TI", "MS", "UG3", "SD", "BK")}
    assert presidents == {"TI": "P3", "MS": "P2", "UG3": "P5", "SD": None, "BK": "P1"}
    assert ledger.certs("P3", "TI") == ["TI_0"] and ledger.certs("P2", "MS") == ["MS_0"]


def test_the_bankrupt_player_receives_nothing_and_presides_nothing_on_the_way():
    """The events: the exchanges and mergers give their shares to the pool and name no player as receiving them;
    the only changes of president are UG3's and MS's, to the players who keep them."""
    game = _position()
    events = _go_bankrupt(game)
    exchanges = [e for e in events if e.kind == "exchange"]
    assert [(e.data["company"], e.data["certificate"], e.data["holder"], e.data["player"]) for e in exchanges] == [
        ("LRB", "TI_7", POOL, None), ("EPP", "BK_7", POOL, None), ("EHS", "TI_8", POOL, None)]
    assert str(exchanges[0].text) == "LRB merges into TI: the bank pool receives a 10% TI share"
    merges = [e for e in events if e.kind == "merge"]
    assert [(e.data["minor"], e.data["certificates"]) for e in merges] == [
        ("SD3", {"SD_5": POOL}), ("SD1", {"SD_6": POOL})]
    assert str(merges[0].text) == "SD3 merges into SD: the bank pool receives a 10% SD share"
    assert not any("P4 receives" in str(e.text) or "P4 exchanges" in str(e.text) for e in events)
    changes = [(e.data["corporation"], e.data["from"], e.data["to"]) for e in events if e.kind == "president"]
    assert changes == [("UG3", "P4", "P5"), ("MS", "P4", "P2")]


def test_a_player_tied_with_the_old_president_does_not_take_the_corporation_over():
    """Hand-built: P2 holds 20% of TI as P3 does. The exchanged TI shares go to the pool, so P4 never holds more
    than P3 and P3 stays president (18xx.games: a tie keeps the president). When P4 received them, P4 became TI's
    president for a moment and the pool's presidency then went by seat order, to P2."""
    game = _position()
    ledger = game.state.ledger
    for cert in ("TI_2", "TI_3"):
        assert ledger.owner[cert] == IPO
        ledger.move(cert, "P2")
    events = _go_bankrupt(game)
    assert game.state.corporations["TI"].president == "P3" and ledger.certs("P3", "TI") == ["TI_0"]
    assert ledger.certs("P2", "TI") == ["TI_2", "TI_3"] and ledger.certs(POOL, "TI") == ["TI_7", "TI_8", "TI_1"]
    assert not any(e.kind == "president" and e.data["corporation"] == "TI" for e in events)


def test_among_tied_successors_the_first_after_the_bankrupt_player_presides():
    """Hand-built: P5 holds 20% of MS as P2 does. 18xx.games gives the presidency to the nearest after the old
    president in seat order (P2, P3, P4, P5, P1: P5), who hands 20% of their certificates, the first received,
    to the pool for the president's certificate."""
    game = _position()
    ledger = game.state.ledger
    for cert in ("MS_1", "MS_2"):
        ledger.move(cert, "P5")
    events = _go_bankrupt(game)
    assert game.state.corporations["MS"].president == "P5"
    assert ledger.certs("P5", "MS") == ["MS_0"] and ledger.certs("P2", "MS") == ["MS_3", "MS_6"]
    assert ledger.certs(POOL, "MS") == ["MS_8", "MS_5", "MS_4", "MS_1", "MS_2"]
    assert ("MS", "P4", "P5") in [(e.data["corporation"], e.data["from"], e.data["to"]) for e in events
                                  if e.kind == "president"]
