"""Dividends of cube-rail games: a railroad's income split per share, rounded up."""

from __future__ import annotations


def dividend_per_share(income: int, shares: int) -> int:
    """Return the dividend per share: ``income / shares`` rounded up (0 when there is no income).

    Args:
        income: the railroad's income in dollars (>= 0).
        shares: the number of shares the split is over (>= 1): Continental Divide divides by shares
            issued, American Rails by shares held by players.

    Raises:
        ValueError: ``shares < 1`` or ``income < 0``.

    Rule: Continental Divide ``cd:dividends`` (the rulebook's examples: $30 over 10 shares → $3; $15 over 4 → $4);
    American Rails ``ar:dividends``.
    """
    if shares < 1 or income < 0:
        raise ValueError(f"dividend needs income >= 0 and shares >= 1, got {income} over {shares}")
    return -(-income // shares)
