"""1837's bankruptcy: a president who cannot raise the money for a train goes bankrupt, and the game goes on
without them until all players but one are bankrupt (rule ``1837:end.bankrupt``).

Their certificates have been sold as far as the rules allow; the rest go to the bank pool, as 18xx.games moves
them. First the companies without a price: their coal companies are exchanged and the minors they preside merge at
once into their nationals (formed or not), the major's or national's certificate going to the pool — the bankrupt
never receives one, nor presides anything for a moment — unless another player holds as much of the minor as the
president's certificate (the other half of UG1 or UG3), who takes it over. Then their other certificates, each
corporation's in the order they received them. Their private companies close, and their remaining cash goes to the
corporation. A corporation they presided passes to the player holding most of it, at least as much as the
president's certificate, the first after the bankrupt in seat order on a tie, who hands that much of their
certificates to the pool (as 18xx.games changes a president); with none, it runs without a president: it lays no
track and places no station (``Game18xx.directs_lays``), buys its train with the bank's money when it lacks some
(rule ``1837:trains.financing``, as does the corporation of the bankruptcy for the rest of the round), and passes
to the first player who comes to hold as much as the president's certificate. Both are one rule,
:func:`~gamekit.g18xx.economy.presidency_from_pool`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...events import Event
from ...i18n import msg
from ...g18xx.companies import close_private
from ...g18xx.economy import pay_from_bank, pay_to_bank, presidency_from_pool
from ...tracks.shares import POOL
from . import exchange, nationals

if TYPE_CHECKING:
    from ...tracks.shares import ShareLedger
    from .game import Game1837

RULE = "1837:end.bankrupt"


def go_bankrupt(game: "Game1837", corp: str, president: str) -> list[Event]:
    """Apply ``president``'s bankruptcy over ``corp``'s train (rule ``1837:end.bankrupt``); returns the events."""
    state = game.state
    ledger = state.ledger
    events: list[Event] = []
    for other in ledger.corporations_of(president):  # the companies without a price first, as 18xx.games takes them
        kind = game.kind(other)
        if kind == "coal":
            events += exchange.exchange(game, other, POOL)
        elif kind == "minor" and state.corporations[other].president == president and not _taken_over(
                game, other, president):
            # into its national even when that has not formed: the national forms only at its phases
            # (1837:national.formation), so it is not floated nor paid its capital now (as 18xx.games merges it);
            # a half of UG1 or UG3 goes to the pool and that minor runs on, when the other half presides or
            # its holder takes the presidency over (below)
            _to_pool(ledger, president, other)
            events += nationals.fold_in(game, other)
    for other in ledger.corporations_of(president):
        _to_pool(ledger, president, other)
    for sym in list(state.players[president].privates):  # a mountain railway pays no one out of the game
        events += close_private(game, sym, RULE)
    cash = state.players[president].cash
    pay_to_bank(game, president, cash)
    pay_from_bank(game, corp, cash)
    state.players[president].bankrupt = True
    state.title.bankrupting.append(corp)  # the bank finances its train in this round (1837:trains.financing)
    events.append(Event(RULE, msg("{player} is bankrupt: {corporation} receives their {cash}",
                                  player=game.player(president).name, corporation=corp, cash=game.facts.money(cash)),
                        "bankrupt", {"player": president, "corporation": corp}))
    for other, c in state.corporations.items():
        if c.president == president:
            c.president = None
            if not game.closed(other):
                events += presidency_from_pool(game, other, old=president)
    left = [p for p in state.seat_order if not state.players[p].bankrupt]
    if len(left) <= 1:
        state.end_reason = "bankrupt"
        events.append(Event(RULE, msg("All players but one are bankrupt: the game ends"), "game_end",
                            {"reason": "bankrupt"}))
    return events


def _to_pool(ledger: "ShareLedger", player: str, corp: str) -> None:
    """Move ``player``'s certificates of ``corp`` to the bank pool, in the order they received them."""
    for cert in ledger.certs(player, corp):
        ledger.move(cert, POOL)


def _taken_over(game: "Game1837", minor: str, president: str) -> bool:
    """True when another player still in the game holds as much of ``minor`` as its president's certificate (the
    other half of UG1 or UG3): they take it over, and it does not merge (rule ``1837:end.bankrupt``)."""
    state = game.state
    ledger = state.ledger
    return any(ledger.percent_of(p, minor) >= ledger.percent[f"{minor}_0"] for p in state.seat_order
               if p != president and not state.players[p].bankrupt)

