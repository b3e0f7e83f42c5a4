"""The two-dimensional stock market of 1830-style games: cells, zones and price movement.

Rule sections: ``1830:market.zones`` (colour zones), ``1830:market.moves`` (how a price marker moves).
A position is ``(row, col)``, row 0 at the top and col 0 at the left, as in the title's data file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import DataError

_CELL = re.compile(r"^(\d+)([a-z]*)$")
Cell = tuple[int, int]


@dataclass(frozen=True)
class MarketCell:
    """One market cell: price per 10% share in currency units and its zone letters.

    Zone letters: ``p`` par price, ``y`` yellow (shares do not count toward the certificate limit), ``o`` orange
    (as yellow, and a player may hold more than 60%), ``b`` brown (as orange, and several shares may be
    bought per turn).
    """

    row: int
    col: int
    price: int
    zones: str

    @property
    def id(self) -> str:
        """The 18xx.games id of the cell, ``"price,row,col"`` (e.g. ``"67,5,6"``)."""
        return f"{self.price},{self.row},{self.col}"

    @property
    def counts_for_cert_limit(self) -> bool:
        """False in the yellow, orange and brown zones (rule ``1830:market.zones``)."""
        return not set(self.zones) & set("yob")

    @property
    def allows_over_60(self) -> bool:
        """True in the orange and brown zones: a player may hold more than 60% (``1830:market.zones``)."""
        return bool(set(self.zones) & set("ob"))

    @property
    def multiple_buy(self) -> bool:
        """True in the brown zone: several shares may be bought in one turn (``1830:market.zones``)."""
        return "b" in self.zones


class StockMarket:
    """The market grid of a title.

    Args:
        rows: the title's ``market`` rows, each cell written as price plus zone letters (``"100p"``, ``"60y"``,
            ``""`` for no cell).

    Raises:
        DataError: a cell that is not a price with zone letters.
    """

    def __init__(self, rows: tuple[tuple[str, ...], ...]):
        self.cells: dict[Cell, MarketCell] = {}
        for r, row in enumerate(rows):
            for c, text in enumerate(row):
                if not text:
                    continue
                match = _CELL.match(text)
                if not match:
                    raise DataError(f"game.json: market.{r}.{c}: {text!r} is not a price with zone letters")
                self.cells[(r, c)] = MarketCell(r, c, int(match.group(1)), match.group(2))
        self.by_id = {cell.id: cell for cell in self.cells.values()}

    def cell(self, pos: Cell) -> MarketCell:
        """Return the cell at ``(row, col)``; raises ``KeyError`` if there is none."""
        return self.cells[pos]

    def par_cells(self) -> list[MarketCell]:
        """Return the par cells, highest price first."""
        return sorted((c for c in self.cells.values() if "p" in c.zones), key=lambda c: -c.price)

    def left(self, pos: Cell) -> Cell:
        """Move one column left; at the left edge one row down instead; stay if neither cell exists."""
        r, c = pos
        return self._first((r, c - 1), (r + 1, c), default=pos)

    def right(self, pos: Cell) -> Cell:
        """Move one column right; at the end of a row one row up instead; stay if neither cell exists."""
        r, c = pos
        return self._first((r, c + 1), (r - 1, c), default=pos)

    def up(self, pos: Cell) -> Cell:
        """Move one row up in the same column; stay on the top row."""
        r, c = pos
        return self._first((r - 1, c), default=pos)

    def down(self, pos: Cell) -> Cell:
        """Move one row down in the same column; stay where there is no cell below."""
        r, c = pos
        return self._first((r + 1, c), default=pos)

    def _first(self, *candidates: Cell, default: Cell) -> Cell:
        for cand in candidates:
            if cand in self.cells:
                return cand
        return default
