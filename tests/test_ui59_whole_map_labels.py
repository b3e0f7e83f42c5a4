"""The classroom's Whole map at projector size (1280×720) in every language: the labels it keeps, written
larger to read 14 px, keep a few on-screen pixels from each other and from the cities' circles and towns'
marks, and lie inside the plot with a margin (a review of 1830 in Chinese found "Chicago" against "Toledo",
"Toronto" over its circles and "40/70" spilling off the board)."""

from __future__ import annotations

import pytest

import gamekit
from gamekit.viz.labels import Placer, text_size
from gamekit.viz.overview import EDGE_PX, GAP_PX, _mark_boxes, axis_range
from gamekit.widgets.classroom import Classroom

from .test_classroom import players_for, written_labels

pytestmark = pytest.mark.usefixtures("english")  # every test leaves the process in English (conftest)


@pytest.mark.parametrize("title, language, seed", [("1830", "zh", 7), ("1830", "en", 7), ("1837", "nl", 3),
                                                     ("1894", "es", 2), ("continental-divide", "en", 2)])
def test_the_labels_kept_keep_clear_of_each_other_the_marks_and_the_edges(title, language, seed):
    gamekit.set_language(language)
    table = Classroom(title, players_for(title), seed=seed).table
    table.whole_button.value = True
    panel = table.panels["map"]
    fig, scale = panel.shown, panel.scale
    kept = written_labels(fig)
    assert len(kept) >= 15, len(kept)
    m, (x0, x1), (y0, y1) = fig.layout.margin, axis_range(fig, "x"), axis_range(fig, "y")
    k = min((fig.layout.width - m.l - m.r) / (x1 - x0), (fig.layout.height - m.t - m.b) / (y1 - y0))
    gap = GAP_PX / scale - 1e-6  # drawn pixels
    boxes = [Placer(k).box(x, y, *text_size(text, size)) for x, y, text, size in kept]
    for i, a in enumerate(boxes):
        assert x0 * k + EDGE_PX / scale - 1e-6 <= a.x0 and a.x1 <= x1 * k - EDGE_PX / scale + 1e-6, kept[i]
        assert y0 * k + EDGE_PX / scale - 1e-6 <= a.y0 and a.y1 <= y1 * k - EDGE_PX / scale + 1e-6, kept[i]
        for j, b in enumerate(boxes[i + 1:], i + 1):
            assert not _near(a, b, gap), (kept[i], kept[j])
        assert not any(_near(a, mark, gap) for mark in _mark_boxes(fig, k)), kept[i]


def _near(a, b, gap: float) -> bool:
    """True when boxes ``a`` and ``b`` come closer than ``gap`` pixels on both axes (they would read as one)."""
    return a.x0 < b.x1 + gap and b.x0 < a.x1 + gap and a.y0 < b.y1 + gap and b.y0 < a.y1 + gap
