"""Answers about a player's holdings counted afresh from the certificates, for tests of the stock round's kept
answers."""

from __future__ import annotations


def fresh_excess(game, player: str) -> tuple[str, int, int] | None:
    """The first corporation (in the order ``player`` received them) they hold more of than its holding limit,
    its price outside the zones allowing it, where the title makes players sell down, as ``(corporation, percent,
    limit)``; from the certificates themselves. None if there is none."""
    if not game.policy.sell_down_to_holding_limit:
        return None
    ledger = game.state.ledger
    for corp, certs in ledger.holdings.get(player, {}).items():
        price = game.state.corporations[corp].price
        held = sum(ledger.percent[c] for c in certs)
        most = game.facts.max_holding_percent_of(corp)
        if certs and price is not None and not game.market.cells[price].allows_over_60 and held > most:
            return corp, held, most
    return None
