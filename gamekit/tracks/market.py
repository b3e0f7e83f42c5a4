"""The stock market of an 18xx title: its schema (cells, zones and what each zone means), and price movement.

Two kinds of market share one indexing: a position is ``(row, col)``, row 0 at the top and col 0 at the left, as
in the title's data file.

* ``grid`` (1830, 1894): a two-dimensional chart. Moves: left, right, up, down.
* ``hex`` (1837): each row is drawn half a cell to the left of the row above, so a cell touches six others:
  left ``(r, c-1)``, right ``(r, c+1)``, up-right ``(r-1, c)`` (called ``up``), down-left ``(r+1, c)`` (called
  ``down``), up-left ``(r-1, c-1)`` and down-right ``(r+1, c+1)``.

In both kinds *right* falls back to up at the end of a row, *left* falls back to down at the left edge, and a
move whose target cell does not exist leaves the marker where it is (never past the edge of the chart).
Which move a payout, a withhold, a sale or a sell-out makes is the title's rule, not the market's.

Rule sections: ``1830:market.zones`` (colour zones), ``1830:market.moves`` (how a price marker moves).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from ..model import Record

_CELL = re.compile(r"^(\d+)([a-z]*)$")
Cell = tuple[int, int]
_set = object.__setattr__
"""Set an attribute of a frozen dataclass (as its ``__init__`` sets its fields)."""

ZoneEffect = Literal["par", "reissue_par", "no_cert_limit", "above_holding_limit", "multiple_buy",
                     "president_buys_two", "sold_out_extra_up", "ends_game"]
"""What a zone does to the cells carrying its letter:

* ``par`` — a par price offered when a corporation is started;
* ``reissue_par`` — the price that becomes the par price when a corporation reissues its shares (1894's 100);
* ``no_cert_limit`` — certificates of a corporation priced here do not count toward the certificate limit;
* ``above_holding_limit`` — a player may hold more than the holding limit (60%) of it;
* ``multiple_buy`` — a player may buy several of its certificates in one turn;
* ``president_buys_two`` — its president may buy two of its certificates in one turn;
* ``sold_out_extra_up`` — a sold-out corporation priced here rises one extra step;
* ``ends_game`` — a marker reaching the cell triggers the end of the game (timing: the title's end triggers).
"""

DIRECTIONS = {"grid": ("left", "right", "up", "down"),
              "hex": ("left", "right", "up", "down", "up_left", "down_right")}
"""The moves each kind of market knows."""


class ZoneFacts(Record):
    """A zone of the market: the text shown in the legend, the colour it is drawn in, and its effects."""

    text: str
    colour: str
    effects: tuple[ZoneEffect, ...] = ()


class MarketFacts(Record):
    """The ``market`` of ``game.json``.

    ``rows`` hold one string per cell: the price per 10% share followed by zone letters (``"100p"``,
    ``"60y"``; ``""`` = no cell). Every letter must be a key of ``zones``. Validation names the wrong cell as
    ``rows.<row>.<col>``.
    """

    kind: Literal["grid", "hex"] = "grid"
    rows: tuple[tuple[str, ...], ...]
    zones: dict[str, ZoneFacts]

    def validate(self) -> None:
        """Zone names are letters, every cell is a price with known zone letters, some zone offers par prices."""
        for letter in self.zones:
            if not re.fullmatch(r"[a-z]", letter):
                raise ValueError(f"zones.{letter}: a zone is named by one lower-case letter")
        for r, row in enumerate(self.rows):
            for c, text in enumerate(row):
                if not text:
                    continue
                match = _CELL.match(text)
                if not match:
                    raise ValueError(f"rows.{r}.{c}: {text!r} is not a price with zone letters")
                unknown = [z for z in match.group(2) if z not in self.zones]
                if unknown:
                    raise ValueError(f"rows.{r}.{c}: zone letter {unknown[0]!r} is not in zones")
        if not any("par" in z.effects for z in self.zones.values()):
            raise ValueError("zones: no zone has the effect 'par'; nobody could start a corporation")


@dataclass(frozen=True)
class MarketCell:
    """One market cell: price per 10% share in currency units, its zone letters and their effects. What the
    effects allow is worked out once, when the cell is made (a cell never changes; every stock-round listing asks
    it of every corporation).

    Attributes:
        counts_for_cert_limit: False where a zone has the ``no_cert_limit`` effect (1830: yellow, orange, brown;
            ``1830:market.zones``).
        allows_over_60: True where a player may hold more than the holding limit (1830: orange, brown;
            ``1830:market.zones``).
        multiple_buy: True where several shares may be bought in one turn (1830: brown; ``1830:market.zones``).
        ends_game: True on an end-game cell (1894's 450).
    """

    row: int
    col: int
    price: int
    zones: str
    effects: frozenset[str]

    def __post_init__(self) -> None:
        # set as attributes, as the dataclass sets its fields: not kept in the cell's __dict__ as
        # functools.cached_property keeps them, since in CPython 3.11 reading that dict makes every later read of
        # the cell's attributes take the slow path
        effects = self.effects
        _set(self, "counts_for_cert_limit", "no_cert_limit" not in effects)
        _set(self, "allows_over_60", "above_holding_limit" in effects)
        _set(self, "multiple_buy", "multiple_buy" in effects)
        _set(self, "ends_game", "ends_game" in effects)

    @property
    def id(self) -> str:
        """The 18xx.games id of the cell, ``"price,row,col"`` (e.g. ``"67,5,6"``)."""
        return f"{self.price},{self.row},{self.col}"


class StockMarket:
    """The market chart of a title with its moves.

    Args:
        facts: the title's validated ``market`` (:class:`MarketFacts`).
    """

    def __init__(self, facts: MarketFacts):
        self.kind = facts.kind
        self.cells: dict[Cell, MarketCell] = {}
        for r, row in enumerate(facts.rows):
            for c, text in enumerate(row):
                match = _CELL.match(text)
                if match:
                    letters = match.group(2)
                    effects = frozenset(e for z in letters for e in facts.zones[z].effects)
                    self.cells[(r, c)] = MarketCell(r, c, int(match.group(1)), letters, effects)
        self.by_id = {cell.id: cell for cell in self.cells.values()}
        self._with: dict[str, tuple[MarketCell, ...]] = {}  # cells_with, by effect: the cells never change

    def cell(self, pos: Cell) -> MarketCell:
        """Return the cell at ``(row, col)``; raises ``KeyError`` if there is none."""
        return self.cells[pos]

    def cells_with(self, effect: str) -> list[MarketCell]:
        """Return the cells carrying a zone ``effect`` (see :data:`ZoneEffect`), highest price first."""
        found = self._with.get(effect)
        if found is None:
            found = self._with[effect] = tuple(sorted((c for c in self.cells.values() if effect in c.effects),
                                                      key=lambda c: (-c.price, c.row)))
        return list(found)

    def par_cells(self) -> list[MarketCell]:
        """Return the par cells, highest price first."""
        return self.cells_with("par")

    def move(self, pos: Cell, direction: str, times: int = 1) -> Cell:
        """Move a marker ``times`` steps in ``direction`` (one of :data:`DIRECTIONS` for this kind of market).

        Raises:
            ValueError: a direction this kind of market does not have (a diagonal on a grid).
        """
        if direction not in DIRECTIONS[self.kind]:
            raise ValueError(f"a {self.kind} market has no move {direction!r}")
        step = getattr(self, direction)
        for _ in range(times):
            pos = step(pos)
        return pos

    def left(self, pos: Cell) -> Cell:
        """Move one column left; at the left edge one row down instead; stay if neither cell exists."""
        r, c = pos
        return self._first((r, c - 1), (r + 1, c), default=pos)

    def right(self, pos: Cell) -> Cell:
        """Move one column right; at the end of a row one row up instead; stay if neither cell exists."""
        r, c = pos
        return self._first((r, c + 1), (r - 1, c), default=pos)

    def up(self, pos: Cell) -> Cell:
        """Move one row up in the same column (up-right on a hex market); stay on the top row."""
        r, c = pos
        return self._first((r - 1, c), default=pos)

    def down(self, pos: Cell) -> Cell:
        """Move one row down in the same column (down-left on a hex market); stay where there is no cell."""
        r, c = pos
        return self._first((r + 1, c), default=pos)

    def up_left(self, pos: Cell) -> Cell:
        """Hex market: move diagonally up-left to ``(r-1, c-1)``; stay where there is no cell.

        Raises:
            ValueError: on a grid market, which has no diagonal moves.
        """
        r, c = pos
        return self._first((r - 1, c - 1), default=pos, needs_hex=True)

    def down_right(self, pos: Cell) -> Cell:
        """Hex market: move diagonally down-right to ``(r+1, c+1)`` (1837's half payout); stay where there is
        no cell.

        Raises:
            ValueError: on a grid market, which has no diagonal moves.
        """
        r, c = pos
        return self._first((r + 1, c + 1), default=pos, needs_hex=True)

    def _first(self, *candidates: Cell, default: Cell, needs_hex: bool = False) -> Cell:
        if needs_hex and self.kind != "hex":
            raise ValueError("a grid market has no diagonal moves")
        for cand in candidates:
            if cand in self.cells:
                return cand
        return default
