"""1894's rule history (rule ``1894:edition.history``): the prototype's data changed on 18xx.games between 2023
and 2025, so a log of an older game can be refused by a rule that was different when it was played; the
refusal then names the change. Each change is dated by the day it reached the main branch of the 18xx.games
repository (the merge of its pull request, e.g. the 4-train's price on 27 December 2023 by pull request 10019;
the G2 hex on 1 February 2025 by pull request 11459), not the day its commit was written."""

from __future__ import annotations

from ...g18xx import history

CHANGES: tuple[history.Change, ...] = (
    ("2023-12-27", "the 4-train's price became 300 F", ("trains.buy", "trains.trade-in", "trains.roster")),
    ("2024-02-06", "the 5-train became the 5+1, the end cell moved from 375 to 450 and the market rows changed",
     ("trains.buy", "trains.trade-in", "trains.roster", "route.distance", "route.revenue", "market.moves",
      "market.end-cell", "end.stock-market", "stock.sold-out", "dividend.payout", "dividend.withhold")),
    ("2024-03-16", "the major shareholdings' revenues rose to 40/60 F and the AG received its fifth station",
     ("or.private-income", "or.token", "token.place")),
    ("2024-04-28", "the brown B tile received its second station space", ("token.slot", "or.token")),
    ("2025-02-01", "Houdan (G2) became a grey town", ("route.track", "route.revenue", "track.lay", "track.hex"),
     history.Naming("G2")),
)
"""(date of the change, what changed, the sections whose refusals it can explain[, its cause: the G2 change explains
only the refusal of an action naming G2, a tile laid there or a route through it])."""


def note(rule: str, created_at, action=None) -> str | None:
    """The changes after ``created_at`` (seconds since 1970) that touch ``rule`` and whose cause, where a change has
    one, holds of the refused ``action``, in words, or ``None``."""
    return history.note("1894", "1894", CHANGES, rule, created_at, action=action)
