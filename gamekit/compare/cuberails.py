"""The concept readers of the two cube-rail titles: every number from the title's facts (``game.json``), the
words saying which mechanism the title uses instead of the 18xx one (no market, no trains: cubes)."""

from __future__ import annotations

from ..cuberails.ar_board import load_game_facts
from ..cuberails.cd_map import load_rules_data
from ..titles.american_rails import AmericanRails
from ..titles.continental_divide import ContinentalDivide
from .table import Concept, RuleFinder, reader


def _dollars(amount: int) -> str:
    return f"${amount}"


def _cash(table: dict) -> str:
    counts = sorted((int(n), int(v)) for n, v in table.items() if str(n).isdigit())
    return ", ".join(f"{n} players {_dollars(v)}" for n, v in counts)


@reader(ContinentalDivide)
def read_continental_divide(cls: type[ContinentalDivide], rule: RuleFinder) -> list[Concept]:
    """The concepts of Continental Divide (see :data:`gamekit.compare.CONCEPTS`)."""
    data = load_rules_data()
    value, shares, cubes = data.stock_value, data.shares_issued, data.cubes
    return [
        Concept("players", f"{cls.min_players}–{cls.max_players}", rule("setup")),
        Concept("starting cash", _cash(data.starting_cash), rule("setup.cash")),
        Concept("bank", "no limit: the bank pays every dividend", rule("dividends")),
        Concept("capitalization", f"incremental: every share's price goes to the railroad's treasury; the starter "
                f"issues {shares.min}–{shares.max} shares", rule("stock.treasury")),
        Concept("who builds", "a player with the most shares of the railroad (ties too); the railroad pays",
                rule("build.majority")),
        Concept("market", f"none: the starter fixes a stock value of {_dollars(value.min)}–{_dollars(value.max)}; "
                "a buyer names each share's price above a floor", rule("stock.stock-value")),
        Concept("market moves", "none: the stock value never changes", rule("stock.stock-value")),
        Concept("selling", "never: players only buy unsold shares", rule("stock.buy")),
        Concept("certificate limit", "none", rule("stock.buy")),
        Concept("holding limit", f"none: up to all {data.certificates_per_railroad} certificates of a railroad",
                rule("stock.buy")),
        Concept("trains", f"none: track is cubes ({cubes.start} at the start, {cubes.central} central, "
                f"{cubes.west} west per railroad)", rule("cubes")),
        Concept("rusting", "none", rule("cubes")),
        Concept("dividends", "every railroad every turn: income ÷ shares issued, rounded up, per share, from the bank",
                rule("dividends")),
        Concept("end triggers", f"after game turn {data.turns}", rule("end")),
    ]


@reader(AmericanRails)
def read_american_rails(cls: type[AmericanRails], rule: RuleFinder) -> list[Concept]:
    """The concepts of American Rails (see :data:`gamekit.compare.CONCEPTS`)."""
    facts = load_game_facts()
    cubes = ", ".join(f"{c.id} {c.cubes}" for c in facts.companies)
    return [
        Concept("players", f"{cls.min_players}–{cls.max_players}", rule("setup")),
        Concept("starting cash", _cash(facts.starting_cash), rule("setup.cash")),
        Concept("bank", "no limit: the bank pays every dividend", rule("dividends")),
        Concept("capitalization", "by auction: the winning bid for each share goes to the company's treasury",
                rule("auction.win")),
        Concept("who builds", "any player holding a share of the company (Expand); the company pays",
                rule("expand.holder")),
        Concept("market", f"none: every share is auctioned, the lowest bid {_dollars(facts.minimum_bid)}",
                rule("auction.bid")),
        Concept("market moves", "none: there are no share prices", rule("auction.bid")),
        Concept("selling", "never: shares and money are never traded", rule("negotiation")),
        Concept("certificate limit", "none", rule("auction.bid")),
        Concept("holding limit", "none", rule("auction.bid")),
        Concept("trains", f"none: track is cubes ({cubes})", rule("setup.companies")),
        Concept("rusting", "none", rule("setup.companies")),
        Concept("dividends", f"after every year's {facts.phases_per_year} action phases: income ÷ shares held by "
                "players, rounded up, per share, from the bank", rule("dividends")),
        Concept("end triggers", f"after {facts.years[-1]}; every share sold; at least as many supplies as players "
                f"down to {facts.supply_low} pieces", rule("end")),
    ]
