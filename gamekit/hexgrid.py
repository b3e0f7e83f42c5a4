"""Hex names and neighbours on the pointy-top grids every map uses (18xx titles and cube rails).

A hex is named letter(s)+number, e.g. ``"G19"``: letters are rows (A at the top), numbers are columns, in
doubled coordinates ``x = number - 1``, ``y = row index`` (hexes of one row differ by 2 in ``x``). Edges are
numbered clockwise from the lower-left: 0 lower-left, 1 left, 2 upper-left, 3 upper-right, 4 right,
5 lower-right (the 18xx.games convention).
"""

from __future__ import annotations

import re

_COORD = re.compile(r"^([A-Z]+)(\d+)$")

EDGE_OFFSETS = ((-1, 1), (-2, 0), (-1, -1), (1, -1), (2, 0), (1, 1))
"""Doubled-coordinate offset ``(dx, dy)`` of the neighbour across each edge 0..5."""


def parse_coord(coord: str) -> tuple[int, int]:
    """Return ``(x, y)`` doubled coordinates of a hex name (``"G19"`` → ``(18, 6)``; ``"AA1"`` → ``(0, 26)``).

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


def coord_name(x: int, y: int) -> str:
    """Return the hex name of doubled coordinates (the inverse of :func:`parse_coord`); ``x, y >= 0``."""
    letters = ""
    n = y + 1
    while n:
        n, rem = divmod(n - 1, 26)
        letters = chr(ord("A") + rem) + letters
    return f"{letters}{x + 1}"


def neighbour(coord: str, edge: int) -> str | None:
    """Return the name of the hex across ``edge`` (0..5) of ``coord``, or ``None`` beyond row A or column 1."""
    x, y = parse_coord(coord)
    dx, dy = EDGE_OFFSETS[edge]
    if x + dx < 0 or y + dy < 0:
        return None
    return coord_name(x + dx, y + dy)
