"""Continental Divide's answers to the public query API (:mod:`gamekit.query`), plus its own questions.

Continental Divide has railroads (no corporations), an unlimited bank, no trains and no phases; a railroad's
"tokens" are its track cubes. Everything returned is a plain value copied out of the state.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from ..query import Holding
from .cd_economy import majority_holders, minimum_share_price
from .rail_query import CubeRailQueries


class QueriesCD(CubeRailQueries):
    """The query methods of a Continental Divide game (mixed into
    :class:`gamekit.titles.continental_divide.ContinentalDivide`)."""

    state: Any

    def _railroad_records(self) -> dict[str, Any]:
        """The eight railroads' charters (rule ``cd:railroads``)."""
        return self.state.railroads

    def holdings(self, holder: str) -> dict[str, Holding]:
        """Return railroad → :class:`~gamekit.query.Holding` (shares, percent of the shares issued) for a player.

        Raises:
            gamekit.errors.UnknownId: no such player (rule ``cd:setup``; the message lists them); a ``KeyError`` too.
        """
        self._player_holder(holder)
        return {rid: Holding(rr.holders[holder], rr.holders[holder] * 100 // rr.shares_issued)
                for rid, rr in self.state.railroads.items() if rr.holders.get(holder)}

    def president(self, corporation: str) -> str | None:
        """Return the single majority holder of a railroad, ``None`` when unstarted or tied (rule
        ``cd:build.majority``; tied holders all may build — see :meth:`majority_holders`)."""
        top = majority_holders(self._railroad(corporation))
        return top[0] if len(top) == 1 else None

    def majority_holders(self, railroad: str) -> tuple[str, ...]:
        """Return the players holding the most shares of a railroad (several when tied), sorted (rule
        ``cd:build.majority``)."""
        return tuple(majority_holders(self._railroad(railroad)))

    def share_price(self, corporation: str) -> int | None:
        """Return the lowest price of the next share in dollars (stock value + dividend now), ``None`` while
        unstarted (rule ``cd:stock.minimum-price``).

        Raises:
            gamekit.errors.UnknownId: no such railroad (rule ``cd:setup``; the message lists them); a ``KeyError`` too.
        """
        rr = self._railroad(corporation)
        return minimum_share_price(rr) if rr.started else None

    def par_price(self, corporation: str) -> int | None:
        """Return the railroad's fixed stock value in dollars, ``None`` while unstarted (rule ``cd:stock.start``)."""
        rr = self._railroad(corporation)
        return rr.stock_value if rr.started else None

    def active_round(self) -> str:
        """Return ``"Game turn N"`` (1–8, rule ``cd:turn``)."""
        return f"Game turn {self.state.turn}"

    def operating_order(self) -> tuple[str, ...]:
        """Return the players in this game turn's order, card 1 first (rule ``cd:order``)."""
        return tuple(self.state.order)

    # ----- Continental Divide questions --------------------------------------------------------------
    def turn(self) -> int:
        """Return the game turn, 1–8 (rule ``cd:turn``)."""
        return self.state.turn

    def turn_order_deck(self) -> str:
        """Return the colour of the turn-order cards in use, ``"blue"`` or ``"red"`` (rule ``cd:order``)."""
        return self.state.deck

    def occupants(self, hex_: str) -> tuple[str, ...]:
        """Return the railroads with a cube on ``hex_``, in the order they arrived (rule ``cd:build.hex-limit``)."""
        return tuple(self.state.occupancy.get(hex_, ()))

    def income(self, railroad: str) -> int:
        """Return a railroad's income per game turn in dollars (rule ``cd:build.cost-income``)."""
        return self._railroad(railroad).income

    def railroad_summary(self, railroad: str) -> dict[str, Any]:
        """Return everything on a railroad's charter as plain values: ``started``, ``start_hex``,
        ``shares_issued``, ``unsold``, ``stock_value``, ``treasury``, ``income`` (dollars), ``cubes`` on the
        charter, ``unlocked`` regions, ``crossed_divide``, ``hexes`` and ``holders`` (player → shares).

        Raises:
            gamekit.errors.UnknownId: no such railroad (rule ``cd:setup``); a ``KeyError`` too.
        """
        try:  # asked in every position by the heuristic bot: a known id costs no call
            rr = self.state.railroads[railroad]
        except KeyError:
            raise self._unknown_corporation(railroad) from None
        return {"started": rr.started, "start_hex": rr.start_hex, "shares_issued": rr.shares_issued,
                "unsold": rr.unsold, "stock_value": rr.stock_value, "treasury": rr.treasury, "income": rr.income,
                "cubes": rr.cubes, "unlocked": tuple(rr.unlocked), "crossed_divide": rr.crossed_divide,
                "hexes": tuple(rr.hexes), "holders": dict(rr.holders)}

    def turn_records(self) -> tuple[dict[str, Any], ...]:
        """Return one record per finished game turn (after dividends): ``turn``, and per railroad ``income``,
        ``treasury``, ``vp_per_share``, per player ``cash`` and ``vp`` (dollars / victory points)."""
        return tuple(asdict(r) for r in self.state.records)
