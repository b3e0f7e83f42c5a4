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

from .labels import Placer, text_size

RANKS = (("name", 0), ("cities", 0), ("offboard_now", 1), ("city revenue", 1))
"""Label traces by the words their names hold, kept first to last: place names (18xx ``name``, cube-rail
``cities``/``names``), the revenues in play; any other label trace ranks 2."""

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

    Args:
        fig: a figure with equal axes (a map), its ``width``, ``height``, ``margin`` and axis ranges set.
        scale: the factor the figure is shown at (0.5: half its drawn size).
        min_px: the smallest on-screen text size, in pixels.

    Returns:
        The copy: each text trace's font is ``ceil(min_px / scale)`` drawn pixels (never smaller than it was);
        a label that would meet one kept before it (by :func:`label_rank`, then in the figure's order) is
        written as an empty text, so its point, marker and hover text stay.
    """
    out = go.Figure(fig)
    m = out.layout.margin
    (x0, x1), (y0, y1) = (axis_range(out, "x"), axis_range(out, "y"))
    k = min((out.layout.width - m.l - m.r) / (x1 - x0), (out.layout.height - m.t - m.b) / (y1 - y0))
    placer = Placer(k)  # only its box arithmetic: the labels keep the places the figure gave them
    texts = [t for t in out.data if "text" in (t.mode or "") and t.text is not None and not isinstance(t.text, str)]
    kept_boxes: list[Any] = []
    for trace in sorted(texts, key=lambda t: 99 if label_rank(t) is LEFT_OUT else label_rank(t)):
        size = max(math.ceil(min_px / scale), trace.textfont.size or 12)
        kept = []
        for x, y, text in zip(trace.x, trace.y, trace.text):
            box = placer.box(x, y, *text_size(str(text), size)) if text and x is not None else None
            if (label_rank(trace) is LEFT_OUT or box is None or not (x0 * k <= box.x0 and box.x1 <= x1 * k
                                                                     and y0 * k <= box.y0 and box.y1 <= y1 * k)
                    or any(box.meets(other) for other in kept_boxes)):
                kept.append("")
                continue
            kept_boxes.append(box)
            kept.append(text)
        trace.text = kept
        trace.textfont.size = size
        if trace.textfont.shadow is not None and not isinstance(trace.textfont.shadow, str):
            trace.textfont.shadow = [rim if text else "none" for rim, text in zip(trace.textfont.shadow, kept)]
    return out


def axis_range(fig: go.Figure, axis: str) -> tuple[float, float]:
    """The ``axis`` (``"x"`` or ``"y"``) range ``fig`` shows: its axis's range, or where it sets none, the extent
    of its traces' points."""
    fixed = fig.layout[f"{axis}axis"].range
    if fixed is not None:
        return tuple(fixed)
    values = [v for trace in fig.data for v in (getattr(trace, axis, None) or ()) if v is not None]
    return min(values), max(values)
