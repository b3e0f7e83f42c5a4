"""The concept readers of the two cube-rail titles: every number from the title's facts (``game.json``), the
words saying which mechanism the title uses instead of the 18xx one (no market, no trains: cubes), in templates that
render in the learner's language (:mod:`gamekit.i18n`)."""

from __future__ import annotations

from ..cuberails.ar_board import load_game_facts
from ..cuberails.cd_map import load_rules_data
from ..i18n import Message, listing, money_text, msg
from ..titles.american_rails import AmericanRails
from ..titles.continental_divide import ContinentalDivide
from .table import Concept, RuleFinder, reader


def _dollars(amount: int) -> str:
    return money_text(amount, "${}")


def _cash(table: dict) -> Message:
    counts = sorted((int(n), int(v)) for n, v in table.items() if str(n).isdigit())
    return listing([msg("{count} players {value}", count=n, value=_dollars(v)) for n, v in counts])


@reader(ContinentalDivide)
def read_continental_divide(cls: type[ContinentalDivide], rule: RuleFinder) -> list[Concept]:
    """The concepts of Continental Divide (see :data:`gamekit.compare.CONCEPTS`)."""
    data = load_rules_data()
    value, shares, cubes = data.stock_value, data.shares_issued, data.cubes
    return [
        Concept("players", f"{cls.min_players}–{cls.max_players}", rule("setup")),
        Concept("starting cash", _cash(data.starting_cash), rule("setup.cash")),
        Concept("bank", msg("no limit: the bank pays every dividend"), rule("dividends")),
        Concept("capitalization", msg("incremental: every share's price goes to the railroad's treasury; the starter "
                                      "issues {least}–{most} shares", least=shares.min, most=shares.max),
                rule("stock.treasury")),
        Concept("who builds", msg("a player with the most shares of the railroad (ties too); the railroad pays"),
                rule("build.majority")),
        Concept("market", msg("none: the starter fixes a stock value of {least}–{most}; a buyer names each share's "
                              "price above a floor", least=_dollars(value.min), most=_dollars(value.max)),
                rule("stock.stock-value")),
        Concept("market moves", msg("none: the stock value never changes"), rule("stock.stock-value")),
        Concept("selling", msg("never: players only buy unsold shares"), rule("stock.buy")),
        Concept("certificate limit", msg("none"), rule("stock.buy")),
        Concept("holding limit", msg("none: up to all {count} certificates of a railroad",
                                     count=data.certificates_per_railroad), rule("stock.buy")),
        Concept("trains", msg("none: track is cubes ({start} at the start, {central} central, {west} west per "
                              "railroad)", start=cubes.start, central=cubes.central, west=cubes.west), rule("cubes")),
        Concept("rusting", msg("none"), rule("cubes")),
        Concept("dividends", msg("every railroad every turn: income ÷ shares issued, rounded up, per share, from "
                                 "the bank"), rule("dividends")),
        Concept("end triggers", msg("after game turn {turn}", turn=data.turns), rule("end")),
    ]


@reader(AmericanRails)
def read_american_rails(cls: type[AmericanRails], rule: RuleFinder) -> list[Concept]:
    """The concepts of American Rails (see :data:`gamekit.compare.CONCEPTS`)."""
    facts = load_game_facts()
    cubes = listing([f"{c.id} {c.cubes}" for c in facts.companies])
    return [
        Concept("players", f"{cls.min_players}–{cls.max_players}", rule("setup")),
        Concept("starting cash", _cash(facts.starting_cash), rule("setup.cash")),
        Concept("bank", msg("no limit: the bank pays every dividend"), rule("dividends")),
        Concept("capitalization", msg("by auction: the winning bid for each share goes to the company's treasury"),
                rule("auction.win")),
        Concept("who builds", msg("any player holding a share of the company (Expand); the company pays"),
                rule("expand.holder")),
        Concept("market", msg("none: every share is auctioned, the lowest bid {amount}",
                              amount=_dollars(facts.minimum_bid)), rule("auction.bid")),
        Concept("market moves", msg("none: there are no share prices"), rule("auction.bid")),
        Concept("selling", msg("never: shares and money are never traded"), rule("negotiation")),
        Concept("certificate limit", msg("none"), rule("auction.bid")),
        Concept("holding limit", msg("none"), rule("auction.bid")),
        Concept("trains", msg("none: track is cubes ({cubes})", cubes=cubes), rule("setup.companies")),
        Concept("rusting", msg("none"), rule("setup.companies")),
        Concept("dividends", msg("after every year's {phases} action phases: income ÷ shares held by players, "
                                 "rounded up, per share, from the bank", phases=facts.phases_per_year),
                rule("dividends")),
        Concept("end triggers", msg("after {year}; every share sold; at least as many supplies as players down to "
                                    "{pieces} pieces", year=facts.years[-1], pieces=facts.supply_low), rule("end")),
    ]
