"""The dividend step: pay the revenue out to the holders or withhold it in the treasury (rules ``dividend.*``).

Who is paid for bank-pool and IPO shares, how a holder's part is rounded and which way the price moves are the
policy's (1830: the pool's part goes to the corporation, the IPO's to nobody, rounded up; right on a payout,
left on a withholding).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..events import Event
from ..i18n import msg
from ..tracks.shares import IPO, POOL
from . import companies, end, revenue
from .economy import move_price, pay_from_bank

if TYPE_CHECKING:
    from .game import Game18xx


def payout(game: "Game18xx", corp: str, total: int) -> list[Event]:
    """Pay ``total`` out: each player gets their percent of it; pool and IPO shares pay whom the policy names;
    the price moves (rule ``dividend.payout``)."""
    state = game.state
    policy = game.policy
    per_share = total / 10
    # the texts kept per values (revenue.kept_text): every payout says them, mostly as an earlier one did
    text = revenue.kept_text(game, ("pays out", corp, total),
                             lambda: msg("{corporation} pays out {total} ({per_share} per share)", corporation=corp,
                                         total=game.facts.money(total), per_share=game.facts.money(int(per_share))))
    events = revenue.pay_subsidy(game, corp) + [Event(game.rule("dividend.payout"), text, "payout",
                                                      {"corporation": corp, "revenue": total, "per_share": per_share})]
    receivers = {p: p for p in state.seat_order}
    for holder, who in ((POOL, policy.pool_pays), (IPO, policy.ipo_pays), (corp, policy.treasury_pays)):
        if who == "corporation":
            receivers[holder] = corp
    for holder, receiver in receivers.items():
        percent = state.ledger.percent_of(holder, corp)
        if not percent:
            continue
        amount = policy.holder_share(percent, total)
        pay_from_bank(game, receiver, amount)
        holder_name = _who(game, receiver)
        text = revenue.kept_text(game, ("receives", holder_name, amount),
                                 lambda: msg("{holder} receives {amount}", holder=holder_name,
                                             amount=game.facts.money(amount)))
        events.append(Event(game.rule("dividend.payout"), text, "dividend", {"to": receiver, "amount": amount}))
    events += end.check_bank(game) + companies.close_when_operated(game, corp)
    return events + move_price(game, corp, policy.payout_move, game.rule("dividend.payout"), DIVIDEND_PAID)


DIVIDEND_PAID = msg("dividend paid")
"""The reason of a payout's price move, one message for every payout (a message is immutable, translated when
shown): :func:`~gamekit.g18xx.economy.move_price` keeps the text of a move by its reason's identity."""


def withhold(game: "Game18xx", corp: str, total: int, *, implicit: bool) -> list[Event]:
    """Keep ``total`` in the treasury; the price moves (rule ``dividend.withhold``). ``implicit``: the engine
    withholds for a corporation that earned nothing."""
    if total:
        pay_from_bank(game, corp, total)
    # kept per values (revenue.kept_text): most withholdings are a corporation's implicit one of nothing
    why = revenue.kept_text(game, ("withheld", total, implicit),
                            lambda: msg("no revenue") if implicit else
                            msg("{amount} withheld", amount=game.facts.money(total)))
    text = revenue.kept_text(game, ("withholds", corp, total),
                             lambda: msg("{corporation} withholds {amount}", corporation=corp,
                                         amount=game.facts.money(total)))
    events = revenue.pay_subsidy(game, corp) + [Event(game.rule("dividend.withhold"), text, "withhold",
                    {"corporation": corp, "revenue": total})]
    events += end.check_bank(game) + companies.close_when_operated(game, corp)
    return events + move_price(game, corp, game.policy.withhold_move, game.rule("dividend.withhold"), why)


def _who(game: "Game18xx", entity: str) -> str:
    return game.player(entity).name if entity in game.state.players else entity
