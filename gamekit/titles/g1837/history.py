"""1837's rule changes on 18xx.games (rule ``1837:edition.history``; the title is in alpha there), dated from the
public history of its repository, each by the day its change reached the main branch (a pull request's merge,
not the day its commit was written): a log of a game played before one is refused under the rule as it is now, and
the refusal says so."""

from __future__ import annotations

from ...g18xx import history


def _right_after_a_purchase(game) -> bool:
    """Whether ``game`` (an 1837 game, as the rules refuse an action) stands in a stock round right after a
    purchase (``buy_shares`` or ``par``), which has ended the buyer's turn since the sell-then-buy change: a log
    played before it may go on with the buyer's sale, refused under ``1837:stock.round`` as out of turn. Another
    refusal under that section (a turn out of order elsewhere) has another cause."""
    return bool(game.actions) and game.actions[-1].type in ("buy_shares", "par") and \
        game.active_step.rule == "1837:stock.round"


CHANGES: tuple[history.Change, ...] = (
    ("2025-01-28", "the revenue of J16 became 30", ("route.revenue",)),
    ("2025-01-29", "the UG minors' train limit became two in every phase", ("trains.limit",)),
    ("2025-01-29", "a minor's certificates left the game when it merged into its national",
     ("national.formation",)),
    ("2025-01-30", "a turn's sales came before its purchase (sell, then buy), minors' shares stopped being "
     "sellable, and plus trains count towns in place of cities", ("stock.sell", "stock.buy", "route.plus",
                                                                   "route.train")),
    ("2025-01-30", "a turn's sales came before its purchase (sell, then buy)", ("stock.round",),
     _right_after_a_purchase),
    ("2025-01-30", "each of UG1's and UG3's two certificates became exchanged for a UG share",
     ("national.formation",)),
    ("2025-02-02", "a minor bought in a stock round places its home station there", ("minor.tokens",)),
    ("2025-02-04", "the exchange round stopped asking its companies a second time when its first one had closed",
     ("exchange-round", "coal.exchange", "national.formation")),
    ("2025-02-08", "a company that need not own a train stopped being made to buy one with emergency money",
     ("trains.emergency", "trains.must-buy")),
    ("2025-02-17", "the nationals got a train limit of 4 in phases 2 to 4, certificates of a company without a "
     "share price stopped being sellable, and bankruptcy was corrected", ("national.formation", "stock.sell",
                                                                         "trains.emergency", "end.bankrupt")),
    ("2025-02-28", "plus trains use their town-only distance first", ("route.plus", "route.distance")),
    ("2025-03-24", "a new station's connection is traced with reversals", ("token.connect",)),
    ("2025-03-24", "the token step is offered only where the company can afford a station", ("or.token",
                                                                                              "token.cost")),
    ("2025-07-15", "a merger into a national at or over its train limit was handled", ("trains.limit",
                                                                                      "national.formation")),
    ("2025-08-11", "a coal exchange stopped changing a presidency before the major was parred", ("coal.exchange",)),
    ("2025-08-24", "a president's emergency sale became bound to the cheapest train's price", ("trains.emergency",)),
)
"""(date of the change, what changed, the sections whose refusals it can explain[, its cause: a test of the game])."""


def note(rule: str, created_at, game=None) -> str | None:
    """The changes after ``created_at`` (seconds since 1970) that touch ``rule`` and whose cause, where a change has
    one, holds in ``game`` (the 1837 game refusing an action), in words, or ``None``."""
    return history.note("1837", "1837", CHANGES, rule, created_at, game)
