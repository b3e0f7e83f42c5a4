"""American Rails' answers to the public query API (:mod:`gamekit.query`), plus its own questions.

American Rails has railroad companies (no corporations), shares sold at auction (no share price, no par, no
president), an unlimited bank and no trains; a company's "tokens" are its track cubes. Everything returned is
a plain value copied out of the state.
"""

from __future__ import annotations

from typing import Any

from ..i18n import N_
from ..query import Holding
from .rail_query import CubeRailQueries


class QueriesAR(CubeRailQueries):
    """The query methods of an American Rails game (mixed into
    :class:`gamekit.titles.american_rails.AmericanRails`)."""

    state: Any
    _RAILROAD = N_("a company")
    _CASH_HOLDER = N_("a player, a company or the bank")

    def _railroad_records(self) -> dict[str, Any]:
        """The railroad companies' cards, the one removed with three players included (rule ``ar:setup``)."""
        return self.state.companies

    def holdings(self, holder: str) -> dict[str, Holding]:
        """Return company → :class:`~gamekit.query.Holding` (shares, percent of all the company's shares) for a
        player (rule ``ar:dividends``).

        Raises:
            gamekit.errors.UnknownId: no such player (rule ``ar:setup``; the message lists them); a ``KeyError`` too.
        """
        self._player_holder(holder)
        total = {c.id: c.shares for c in self.facts.companies}
        return {c: Holding(n, n * 100 // total[c]) for c, n in self.state.shares[holder].items() if n}

    def phase(self) -> str:
        """Return the action phase of the year, ``"1"`` … ``"3"`` (``"0"`` during the opening auctions; rule
        ``ar:track``)."""
        s = self.state
        return str(s.phase + 1) if s.track else "0"

    def active_round(self) -> str:
        """Return ``"Opening auctions"`` or ``"Year Y"`` (the year printed on the turn track, rule ``ar:year``)."""
        s = self.state
        return f"Year {self.facts.years[s.year]}" if s.track else "Opening auctions"

    def operating_order(self) -> tuple[str, ...]:
        """Return the players in the order of the current action phase (the year's turn order before the first
        marker is placed; rule ``ar:track.order``)."""
        s = self.state
        return tuple(s.order or s.turn_order)

    # ----- American Rails questions ------------------------------------------------------------------
    def income(self, company: str) -> int:
        """Return a company's income (its income-track marker) in dollars (rule ``ar:income.city``)."""
        try:  # asked in every position by the heuristic bot, as company_summary: a known id costs no call
            return self.state.companies[company].income
        except KeyError:
            raise self._unknown_corporation(company) from None

    def occupants(self, hex_: str) -> tuple[str, ...]:
        """Return the companies with a cube on ``hex_``, in the order they arrived (rule ``ar:income.city``)."""
        return tuple(self.state.occupants.get(hex_, ()))

    def houses(self) -> tuple[str, ...]:
        """Return the hexes of developed cities (one house each), in the order built (rule ``ar:develop``)."""
        return tuple(self.state.houses)

    def turn_order(self) -> tuple[str, ...]:
        """Return the year's turn order of the players (rule ``ar:track.order``)."""
        return tuple(self.state.turn_order)

    def company_summary(self, company: str) -> dict[str, Any]:
        """Return a company's card as plain values: ``in_play``, ``supply`` (track cubes left), ``unsold`` and
        ``out`` shares, ``treasury`` and ``income`` (dollars), ``hexes``.

        Raises:
            gamekit.errors.UnknownId: no such company (rule ``ar:setup``); a ``KeyError`` too.
        """
        try:
            c = self.state.companies[company]
        except KeyError:
            raise self._unknown_corporation(company) from None
        return {"in_play": c.in_play, "supply": c.supply, "unsold": c.unsold, "out": c.out, "treasury": c.treasury,
                "income": c.income, "hexes": tuple(c.hexes)}
