"""Placing map labels so that no two collide: a greedy placer working in screen pixels.

A map figure with a fixed size and fixed axis ranges has a known scale (pixels per plot unit), so the box a
label will take on screen can be estimated from its text and font size before Plotly draws it. Labels are
placed one by one, most important first; each tries its candidate positions in order and takes the first
whose box meets no box placed before (fixed marks such as cubes are registered as boxes first). Lines a label
had better not cross (a map's track) are soft marks: a label keeps clear of them where it can, else it only
keeps clear of the other labels and fixed marks. A label with no free candidate takes the one it covers least
of (the first among equals): it is still drawn, never dropped.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import Any

LABEL_PX = 10
"""Font size of every label on a map or a market (the smallest text a learner reads comfortably); here, with no
Plotly, so that :mod:`gamekit.widgets.notebook_style` reads it without importing Plotly."""
CHAR_EM = {"upper": 0.72, "digit": 0.58, "lower": 0.54, " ": 0.28, "narrow": 0.3, "wide": 1.0, "other": 0.66}
"""Estimated advance of a character in font sizes (Plotly's default sans-serif), by kind (measured in Chromium:
"NYNH" at 10 px is 28.3 px wide, "40" 11.6 px), on the generous side."""
NARROW = set("ilIjft.,:;'|/()[]!")
WIDE = set("WM")
"""Letters about a whole font size wide (a 10 px "W" is 10 px in Chromium)."""
LINE_EM = 1.3
"""Height of one text line in font sizes."""
PAD_PX = 1.5
NUDGES_PX = (4, 8, 12, 16)
"""How far a label may move from a taken candidate, in pixels."""
DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1))
CELL_PX = 24
"""Side of the squares soft marks are filed under, in pixels (a label meets only those of the squares it
covers)."""


KEEP_CLEAR = "labels keep clear"
"""The ``meta`` of a markers trace whose markers are marks no label may cover, however large it is written (a
cube-rail map's start-city stars and port and house triangles): :func:`marker_boxes` gives their boxes, and
:func:`gamekit.viz.overview.readable_labels` keeps the labels it enlarges off them."""


@dataclass(frozen=True)
class Box:
    """A screen rectangle in pixels (x to the right, y upwards like the plot's y axis)."""

    x0: float
    y0: float
    x1: float
    y1: float

    def meets(self, other: "Box") -> bool:
        """True when the two boxes overlap (touching edges do not count)."""
        return self.x0 < other.x1 and other.x0 < self.x1 and self.y0 < other.y1 and other.y0 < self.y1

    def shared_area(self, other: "Box") -> float:
        """The area the two boxes have in common, in square pixels (0 when they do not overlap)."""
        width = min(self.x1, other.x1) - max(self.x0, other.x0)
        height = min(self.y1, other.y1) - max(self.y0, other.y0)
        return width * height if width > 0 and height > 0 else 0.0


def text_size(text: str, font_px: float) -> tuple[float, float]:
    """Return the estimated ``(width, height)`` in pixels of ``text`` (lines split at ``<br>``)."""
    lines = text.split("<br>")
    return max(sum(_advance(c) for c in line) for line in lines) * font_px, len(lines) * LINE_EM * font_px


def _advance(char: str) -> float:
    if unicodedata.east_asian_width(char) in "WF":  # a Chinese character is as wide as it is high
        return CHAR_EM["wide"]
    if char in NARROW:
        return CHAR_EM["narrow"]
    if char in WIDE:
        return CHAR_EM["wide"]
    if char == " ":
        return CHAR_EM[" "]
    kind = "upper" if char.isupper() else "digit" if char.isdigit() else "lower" if char.islower() else "other"
    return CHAR_EM[kind]


@dataclass
class Placer:
    """Places labels in plot units, avoiding every box placed so far.

    Args:
        px_per_unit: the figure's scale, pixels per plot unit (the same on both axes: maps keep their aspect).
    """

    px_per_unit: float
    boxes: list[Box] = field(default_factory=list, init=False)
    """Every label and fixed mark placed so far, in the order placed."""
    bounds: tuple[tuple[float, float], tuple[float, float]] | None = None
    """The plot's ``(x_range, y_range)`` in plot units where the figure clips its text: a candidate whose box
    would leave it is passed over (``None``: no limit)."""
    _hard: dict[tuple[int, int], list[Box]] = field(default_factory=dict, init=False, repr=False)
    _soft: dict[tuple[int, int], list[Box]] = field(default_factory=dict, init=False, repr=False)
    """The placed boxes and the soft marks (:meth:`avoid`), filed by the ``CELL_PX`` squares they touch, so that
    a candidate is compared with its neighbours only."""

    def box(self, x: float, y: float, width_px: float, height_px: float) -> Box:
        """Return the box of a ``width_px`` × ``height_px`` mark centred on the plot point ``(x, y)``."""
        cx, cy = x * self.px_per_unit, y * self.px_per_unit
        hw, hh = width_px / 2 + PAD_PX, height_px / 2 + PAD_PX
        return Box(cx - hw, cy - hh, cx + hw, cy + hh)

    def block(self, x: float, y: float, width_px: float, height_px: float) -> None:
        """Register a fixed mark (a cube, a marker) that labels must keep clear of."""
        self._add(self.box(x, y, width_px, height_px))

    def avoid(self, x: float, y: float, width_px: float, height_px: float) -> None:
        """Register a soft mark centred on the plot point ``(x, y)``: a piece of a line labels keep clear of
        where they can (see :meth:`place`)."""
        box = self.box(x, y, width_px, height_px)
        for cell in _cells(box):
            self._soft.setdefault(cell, []).append(box)

    def on_soft(self, x: float, y: float, text: str, font_px: float) -> bool:
        """True when ``text`` at ``font_px`` centred on the plot point ``(x, y)`` meets a soft mark: a label
        placed where no candidate kept clear of the track."""
        return _meets(self.box(x, y, *text_size(text, font_px)), self._soft)

    def place(self, text: str, font_px: float, candidates: list[tuple[float, float]]) -> tuple[float, float]:
        """Return the first candidate centre ``(x, y)`` (plot units) where ``text`` meets no placed box and no
        soft mark, else the first where it meets no placed box; when every one is taken, the candidate (nudged
        or not, inside the bounds if any is) whose box covers the least area of the placed boxes. The chosen
        box is registered."""
        return self.place_box(*text_size(text, font_px), candidates)

    def place_box(self, width: float, height: float, candidates: list[tuple[float, float]]) -> tuple[float, float]:
        """Return the centre (plot units) :meth:`place` would choose for a ``width`` × ``height`` pixel box among
        ``candidates``, and register that box: for a mark drawn where it covers no label (a map's start-city
        star, whose hex's cubes stand where the star would be)."""
        for grids in ((self._hard, self._soft), (self._hard,)):
            for xy, box in self._tries(candidates, width, height):
                if not any(_meets(box, grid) for grid in grids):
                    self._add(box)
                    return xy
        tried = list(self._tries(candidates, width, height)) or [(candidates[0], self.box(*candidates[0], width,
                                                                                           height))]
        xy, box = min(tried, key=lambda pair: self._covered(pair[1]))
        self._add(box)
        return xy

    def _tries(self, candidates: list[tuple[float, float]], width: float, height: float):
        """The candidates, then their nudges, whose ``width`` × ``height`` box lies inside the bounds: pairs of
        the centre and its box."""
        for xy in [*candidates, *self._nudged(candidates)]:
            box = self.box(*xy, width, height)
            if self._inside(box):
                yield xy, box

    def _add(self, box: Box) -> None:
        self.boxes.append(box)
        for cell in _cells(box):
            self._hard.setdefault(cell, []).append(box)

    def _covered(self, box: Box) -> float:
        near = {id(other): other for cell in _cells(box) for other in self._hard.get(cell, ())}
        return sum(box.shared_area(other) for other in near.values())

    def _inside(self, box: Box) -> bool:
        if self.bounds is None:
            return True
        (x0, x1), (y0, y1) = self.bounds
        k = self.px_per_unit
        return x0 * k <= box.x0 and box.x1 <= x1 * k and y0 * k <= box.y0 and box.y1 <= y1 * k

    def _nudged(self, candidates: list[tuple[float, float]]) -> list[tuple[float, float]]:
        """Return the candidates moved by a few pixels in eight directions, nearest moves first (tried when
        every candidate itself is taken)."""
        out = []
        for step in NUDGES_PX:
            d = step / self.px_per_unit
            for x, y in candidates:
                out += [(x + dx * d, y + dy * d) for dx, dy in DIRECTIONS]
        return out


def marker_boxes(trace: Any, px_per_unit: float) -> list[Box]:
    """The screen boxes (pixels, ``px_per_unit`` pixels per plot unit) of a markers trace's markers: each a
    square of the marker's size (Plotly's ``marker.size``, pixels) and :data:`PAD_PX` round it, centred on its
    point, as :meth:`Placer.place_box` registered it where it was placed."""
    placer = Placer(px_per_unit)
    size = trace.marker.size
    return [placer.box(x, y, size, size) for x, y in zip(trace.x, trace.y) if x is not None and y is not None]


def _meets(box: Box, grid: dict[tuple[int, int], list[Box]]) -> bool:
    """True when ``box`` meets a box filed in ``grid``."""
    return any(box.meets(other) for cell in _cells(box) for other in grid.get(cell, ()))


def _cells(box: Box) -> list[tuple[int, int]]:
    """The ``CELL_PX`` squares ``box`` touches."""
    return [(i, j) for i in range(int(box.x0 // CELL_PX), int(box.x1 // CELL_PX) + 1)
            for j in range(int(box.y0 // CELL_PX), int(box.y1 // CELL_PX) + 1)]


def scale(x_range: tuple[float, float], y_range: tuple[float, float], plot_px: tuple[float, float]) -> float:
    """Return pixels per plot unit of a map drawn with equal scales (``scaleanchor``) in a plot area of
    ``plot_px`` = (width, height) pixels showing ``x_range`` and ``y_range``."""
    return min(plot_px[0] / (x_range[1] - x_range[0]), plot_px[1] / (y_range[1] - y_range[0]))


def spread(values: list[float], gap: float, low: float, high: float) -> list[float]:
    """Return positions for labels wanted at ``values`` on one axis, in the same order, each at least ``gap``
    from the next and inside ``low..high`` where they fit: a label moves only as far as its neighbours push it
    (used for the names at the ends of a chart's lines, which often end close together)."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    placed = [min(max(values[i], low), high) for i in order]
    for k in range(1, len(placed)):
        placed[k] = max(placed[k], placed[k - 1] + gap)
    if placed and placed[-1] > high:
        placed[-1] = high
        for k in range(len(placed) - 2, -1, -1):
            placed[k] = min(placed[k], placed[k + 1] - gap)
    out = [0.0] * len(values)
    for k, i in enumerate(order):
        out[i] = placed[k]
    return out
