"""Where the cells of a share market are drawn: squares for a grid market, hexagons for a hex market.

The kind of market is a fact of the title (``market.kind`` in ``game.json``; see
:mod:`gamekit.tracks.market`): a ``grid`` (1830, 1894) is drawn as squares in rows and columns; a ``hex``
market (1837) as pointy-top hexagons, each row half a cell to the left of the row above, so that the six
moves of rule ``1837:market.moves`` — left, right, up (up-right), down (down-left), up-left and down-right — go
to the six touching cells. Coordinates are in cell widths; y grows upward (row 0 at the top).
"""

from __future__ import annotations

import math

PRICE_BAND = 0.3
"""The top part of a square cell that holds its price (in cell heights); the markers are listed below it."""
MIN_ROWS_PER_CELL = 2
"""Marker slots a cell always has room for, so a lone marker is drawn as small as one of a pair."""

_HEX_RADIUS = 1 / math.sqrt(3)  # centre to corner of a hexagon one cell width across its flat sides
_HEX_ROW = 1.5 * _HEX_RADIUS    # distance between the centres of two rows of hexagons


class GridShapes:
    """Squares one cell width high, row 0 at the top (a ``grid`` market: 1830, 1894)."""

    row_height = 1.0
    """Vertical distance between two rows, in cell widths."""
    equal_axes = False
    """Whether the figure must keep x and y at one scale."""

    def centre(self, row: int, col: int) -> tuple[float, float]:
        """Return the centre ``(x, y)`` of cell ``(row, col)``."""
        return float(col), -row - 0.5

    def outline(self, row: int, col: int) -> tuple[list[float], list[float]]:
        """Return the closed outline of cell ``(row, col)`` as x and y lists (first corner repeated last)."""
        x, y = self.centre(row, col)
        return [x - 0.5, x + 0.5, x + 0.5, x - 0.5, x - 0.5], [y - 0.5, y - 0.5, y + 0.5, y + 0.5, y - 0.5]

    def price_position(self, row: int, col: int) -> tuple[float, float]:
        """Return where the price of cell ``(row, col)`` is written (in the band at the top of the cell)."""
        x, y = self.centre(row, col)
        return x, y + 0.5 - PRICE_BAND / 2

    def marker_positions(self, row: int, col: int, count: int) -> list[tuple[float, float]]:
        """Return the centres of ``count`` markers on cell ``(row, col)``: a column under the price, first
        arrival at the top, each marker at the cell's left with room for the corporation's abbreviation beside
        it (so a crowded cell stays readable)."""
        x, y = self.centre(row, col)
        return _column(x - 0.38, y + 0.5 - PRICE_BAND, 1.0 - PRICE_BAND, count)


class HexShapes(GridShapes):
    """Pointy-top hexagons, each row half a cell to the left of the row above (a ``hex`` market: 1837)."""

    row_height = _HEX_ROW
    equal_axes = True  # a hexagon drawn squashed reads as a square

    def centre(self, row: int, col: int) -> tuple[float, float]:
        """Return the centre ``(x, y)`` of cell ``(row, col)``."""
        return col - row / 2, -row * _HEX_ROW

    def outline(self, row: int, col: int) -> tuple[list[float], list[float]]:
        """Return the closed outline of cell ``(row, col)``: its six corners, the first repeated last."""
        x, y = self.centre(row, col)
        angles = [math.radians(90 + 60 * k) for k in range(7)]
        return [x + _HEX_RADIUS * math.cos(a) for a in angles], [y + _HEX_RADIUS * math.sin(a) for a in angles]

    def price_position(self, row: int, col: int) -> tuple[float, float]:
        """Return where the price of cell ``(row, col)`` is written (above the centre)."""
        x, y = self.centre(row, col)
        return x, y + 0.3 * _HEX_RADIUS

    def marker_positions(self, row: int, col: int, count: int) -> list[tuple[float, float]]:
        """Return the centres of ``count`` markers on cell ``(row, col)``: a column below the price."""
        x, y = self.centre(row, col)
        return _column(x - 0.3, y + 0.1 * _HEX_RADIUS, 0.95 * _HEX_RADIUS, count)


def _column(x: float, top: float, depth: float, count: int) -> list[tuple[float, float]]:
    step = depth / max(count, MIN_ROWS_PER_CELL)
    return [(x, top - step * (k + 0.5)) for k in range(count)]


SHAPES = {"grid": GridShapes(), "hex": HexShapes()}
"""The drawing of each kind of market (``market.kind`` of the title's facts)."""
