"""Pointy-top hex geometry shared by every map view (18xx titles and cube rails).

Coordinates follow the 18xx.games "pointy" convention: a hex is named letter(s)+number, letters are rows
(A at the top), numbers are columns, in doubled coordinates ``x = number - 1``, ``y = row index``; hexes of a
row differ by 2 in ``x``. Edges are numbered clockwise from the lower-left: 0 lower-left, 1 left, 2 upper-left,
3 upper-right, 4 right, 5 lower-right. Screen y grows upwards here (Plotly), so rows go down.
"""

from __future__ import annotations

import math

from ..hexgrid import parse_coord

SQRT3 = math.sqrt(3.0)
__all__ = ["parse_coord", "hex_center", "hex_corners", "edge_midpoint", "SQRT3"]


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
