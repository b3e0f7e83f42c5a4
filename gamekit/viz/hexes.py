"""Pointy-top hex geometry shared by every map view (18xx titles and cube rails).

Coordinates follow the 18xx.games "pointy" convention: a hex is named letter(s)+number, letters are rows
(A at the top), numbers are columns, in doubled coordinates ``x = number - 1``, ``y = row index``; hexes of a
row differ by 2 in ``x``. Edges are numbered clockwise from the lower-left: 0 lower-left, 1 left, 2 upper-left,
3 upper-right, 4 right, 5 lower-right. Screen y grows upwards here (Plotly), so rows go down.
"""

from __future__ import annotations

import math
import re

SQRT3 = math.sqrt(3.0)
_COORD = re.compile(r"^([A-Z]+)(\d+)$")


def parse_coord(coord: str) -> tuple[int, int]:
    """Return ``(x, y)`` doubled coordinates of a hex name such as ``"G19"`` (x = 18, y = 6).

    Raises:
        ValueError: not a letter(s)+number name.
    """
    match = _COORD.match(coord)
    if not match:
        raise ValueError(f"not a hex coordinate: {coord!r}")
    letters, number = match.groups()
    row = 0
    for ch in letters:
        row = row * 26 + (ord(ch) - ord("A") + 1)
    return int(number) - 1, row - 1


def hex_center(coord: str, size: float = 1.0) -> tuple[float, float]:
    """Return the screen centre ``(cx, cy)`` of a pointy hex with circumradius ``size`` (rows go down)."""
    x, y = parse_coord(coord)
    return x * SQRT3 / 2 * size, -y * 1.5 * size


def hex_corners(cx: float, cy: float, size: float = 1.0) -> list[tuple[float, float]]:
    """Return the six corners of a pointy hex, clockwise from the bottom corner, closed (7 points)."""
    pts = []
    for k in range(7):
        angle = math.radians(-90 - 60 * k)
        pts.append((cx + size * math.cos(angle), cy + size * math.sin(angle)))
    return pts


def edge_midpoint(cx: float, cy: float, edge: int, size: float = 1.0) -> tuple[float, float]:
    """Return the midpoint of a hex edge (0..5, numbered as in the module docstring)."""
    # edge 0 (lower-left) faces 240 degrees on screen, each next edge 60 degrees clockwise
    angle = math.radians(240 - 60 * edge)
    r = size * SQRT3 / 2
    return cx + r * math.cos(angle), cy + r * math.sin(angle)
