"""A whole figure shown smaller than drawn, with only the labels that still read: the classroom's "Whole map".

A map is drawn at the size its labels were placed for (10 px text); shown whole on a 1280×720 projector it is
scaled down to about half, and its labels read 4–7 px. :func:`readable_labels` writes every label of the
figure larger, so that it reads ``min_px`` on screen at the scale it is shown, and keeps a label only where it
meets no label kept before it, taking them by :func:`label_rank` (place names first, then the revenues in play,
then the rest): fewer labels, each one readable. A station's or a cube's abbreviation, written larger, would
cover its neighbours: there its colour names the company (the key under the panel lists the colours). Every hex
keeps its hover text.
"""

from __future__ import annotations

import math
from typing import Any

import plotly.graph_objects as go

from .labels import KEEP_CLEAR, Box, Placer, marker_boxes, text_size

RANKS = (("name", 0), ("cities", 0), ("offboard_now", 1), ("city revenue", 1))
"""Label traces by the words their names hold, kept first to last: place names (18xx ``name``, cube-rail
``cities``/``names``), the revenues in play; any other label trace ranks 2."""

GAP_PX = 4
"""Least room, in on-screen pixels, between two labels kept or a label and a mark (:data:`MARKS`): closer, two
names read as one ("Chicago Toledo")."""
EDGE_PX = 4
"""Least room, in on-screen pixels, between a label and the edge of the plot (nearer, it is cut)."""
WHITE = ("white", "#fff", "#ffffff")
"""Spellings of white ink (the values on off-board hexes)."""
MARKS = ("city slots", "towns")
"""Line traces whose pieces are marks a label must not cover, by the words their names hold: 18xx cities'
circles and towns' dots and bars (markers are marks by the figure's word instead:
:data:`gamekit.viz.labels.KEEP_CLEAR`)."""

LEFT_OUT = None
"""The rank of a trace whose labels the overview leaves out: the abbreviations written on stations (18xx
``… token text``) and on cubes (the cube-rail company traces, markers with text)."""


def label_rank(trace: Any) -> int | None:
    """The order in which :func:`readable_labels` keeps ``trace``'s labels (see :data:`RANKS`), or
    :data:`LEFT_OUT`."""
    name = (trace.name or "").lower()
    if "markers" in (trace.mode or "") or "token" in name:
        return LEFT_OUT
    return next((rank for word, rank in RANKS if word in name), 2)


def readable_labels(fig: go.Figure, scale: float, min_px: float = 14) -> go.Figure:
    """Return a copy of ``fig`` whose labels read at least ``min_px`` pixels when the figure is shown ``scale``
    times its drawn size, with the labels that would then overlap left out.

    A label grows round the point the figure gave it and would cover its city's circles: it may move by once or
    twice the room it grew (once for white ink), away from its point in one of eight directions, to the first
    spot (its own first) that keeps :data:`GAP_PX` on-screen pixels from every label kept before it and from
    every city's and town's mark (:data:`MARKS`) and cube-rail star or triangle (``KEEP_CLEAR`` markers), and
    :data:`EDGE_PX` inside the plot; with no such spot it is
    left out. The check is made in the drawn figure's pixels, so it holds at the size the figure is shown at.

    Args:
        fig: a figure with equal axes (a map), its ``width``, ``height``, ``margin`` and axis ranges set.
        scale: the factor the figure is shown at (0.5: half its drawn size).
        min_px: the smallest on-screen text size, in pixels.

    Returns:
        The copy: each text trace's font is ``ceil(min_px / scale)`` drawn pixels (never smaller than it was);
        a label kept is at its spot, one left out (by :func:`label_rank`, then in the figure's order) is written
        as an empty text, so its point, marker and hover text stay.
    """
    out = go.Figure(fig)
    m = out.layout.margin
    (x0, x1), (y0, y1) = (axis_range(out, "x"), axis_range(out, "y"))
    k = min((out.layout.width - m.l - m.r) / (x1 - x0), (out.layout.height - m.t - m.b) / (y1 - y0))
    placer = Placer(k)  # only its box arithmetic
    half_gap, edge = GAP_PX / scale / 2, EDGE_PX / scale
    area = Box(x0 * k + edge, y0 * k + edge, x1 * k - edge, y1 * k - edge)
    kept_boxes = [_widened(box, half_gap) for box in _mark_boxes(out, k)]
    texts = [t for t in out.data if "text" in (t.mode or "") and t.text is not None and not isinstance(t.text, str)]
    for trace in sorted(texts, key=lambda t: 99 if label_rank(t) is LEFT_OUT else label_rank(t)):
        drawn = trace.textfont.size or 12
        size = max(math.ceil(min_px / scale), drawn)
        xs, ys, kept = list(trace.x), list(trace.y), []
        # white ink reads only on its dark hex (an off-board value): it moves no further than the room it grew
        reach = 1 if (trace.textfont.color or "").lower() in WHITE else 2
        for i, (x, y, text) in enumerate(zip(trace.x, trace.y, trace.text)):
            spot = None
            if label_rank(trace) is not LEFT_OUT and text and x is not None:
                spot = _free_spot(placer, x, y, str(text), drawn, size, area, kept_boxes, half_gap, reach)
            if spot is None:
                kept.append("")
                continue
            xs[i], ys[i], box = spot
            kept_boxes.append(box)
            kept.append(text)
        trace.x, trace.y, trace.text = xs, ys, kept
        trace.textfont.size = size
        if trace.textfont.shadow is not None and not isinstance(trace.textfont.shadow, str):
            trace.textfont.shadow = [rim if text else "none" for rim, text in zip(trace.textfont.shadow, kept)]
    return out


def _free_spot(placer: Placer, x: float, y: float, text: str, drawn_px: float, font_px: float, area: Box,
               kept: list[Box], half_gap: float, reach: int) -> tuple[float, float, Box] | None:
    """The first spot ``(x, y, box)`` for ``text`` at ``font_px`` (drawn at ``drawn_px`` centred on ``(x, y)``):
    there, or moved up, down, left, right or to a corner by the room it grew and the gap (once, up to ``reach``
    times), whose box widened by ``half_gap`` lies inside ``area`` and meets no box of ``kept`` (``None``: no such
    spot)."""
    width, height = text_size(text, font_px)
    old_width, old_height = text_size(text, drawn_px)
    # the room it grew on each side, and the gap it keeps: moved so, its edge nearest its point keeps clear
    # of what the smaller label kept clear of
    dx, dy = ((grown / 2 + 2 * half_gap) / placer.px_per_unit for grown in (width - old_width, height - old_height))
    # the four sides first, then the corners: among a cube-rail map's stars and triangles a corner is often the
    # only free spot (the whole maps of Continental Divide and American Rails keep two more names each so)
    sides = ((0, -dy), (0, dy), (-dx, 0), (dx, 0), (-dx, -dy), (dx, -dy), (-dx, dy), (dx, dy))
    moves = [(i * ex, i * ey) for i in range(1, reach + 1) for ex, ey in sides]
    for sx, sy in [(x + ex, y + ey) for ex, ey in [(0.0, 0.0), *moves]]:
        box = placer.box(sx, sy, width, height)
        if (area.x0 <= box.x0 and box.x1 <= area.x1 and area.y0 <= box.y0 and box.y1 <= area.y1
                and not any(_widened(box, half_gap).meets(other) for other in kept)):
            return sx, sy, _widened(box, half_gap)
    return None


def _mark_boxes(fig: go.Figure, k: float) -> list[Box]:
    """The pixel boxes (``k`` pixels per plot unit) of the marks :data:`MARKS` names: each piece of such a
    trace's line (its points up to a gap) is one mark, a city's circle or a town's dot or bar; and each marker of
    a trace the figure marks :data:`~gamekit.viz.labels.KEEP_CLEAR` (a cube-rail star or triangle)."""
    boxes = []
    for trace in fig.data:
        if trace.meta == KEEP_CLEAR:
            boxes += marker_boxes(trace, k)
            continue
        if not any(word in (trace.name or "").lower() for word in MARKS) or trace.x is None:
            continue
        piece: list[tuple[float, float]] = []
        for x, y in [*zip(trace.x, trace.y), (None, None)]:
            if x is not None and y is not None:
                piece.append((x, y))
            elif piece:
                boxes.append(Box(min(p[0] for p in piece) * k, min(p[1] for p in piece) * k,
                                 max(p[0] for p in piece) * k, max(p[1] for p in piece) * k))
                piece = []
    return boxes


def _widened(box: Box, by: float) -> Box:
    return Box(box.x0 - by, box.y0 - by, box.x1 + by, box.y1 + by)


def axis_range(fig: go.Figure, axis: str) -> tuple[float, float]:
    """The ``axis`` (``"x"`` or ``"y"``) range ``fig`` shows: its axis's range, or where it sets none, the extent
    of its traces' points."""
    fixed = fig.layout[f"{axis}axis"].range
    if fixed is not None:
        return tuple(fixed)
    values = [v for trace in fig.data for v in (getattr(trace, axis, None) or ()) if v is not None]
    return min(values), max(values)
