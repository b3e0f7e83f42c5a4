"""No enlarged name covers a cube-rail star or triangle in the classroom's whole-map view (left70 item 3): the
view writes the place names larger (``readable_labels``) and used to keep them clear only of 18xx cities' and
towns' marks, so Continental Divide's start-city stars and port triangles and American Rails' house triangles
could lie under a name. Checked from the figure's data as the table shows it: each label's box (its text's size
at its font, round its point) against each star's or triangle's box (its marker size round its point), and
against every other label's, in the drawn figure's pixels."""

from __future__ import annotations

import itertools

import pytest

from gamekit.exercises.generate import source_game
from gamekit.viz.labels import Box, text_size
from gamekit.viz.overview import axis_range
from gamekit.widgets.classroom_table import Table

SYMBOLS = ("star", "triangle-up")
"""The cube-rail maps' marks: a start city's star, a port's and a house's triangle."""


def _whole_map(game):
    table = Table(game)
    table.whole_button.value = True
    return table.panels["map"].shown


def _px_per_unit(fig) -> float:
    m = fig.layout.margin
    (x0, x1), (y0, y1) = axis_range(fig, "x"), axis_range(fig, "y")
    return min((fig.layout.width - m.l - m.r) / (x1 - x0), (fig.layout.height - m.t - m.b) / (y1 - y0))


def _boxes(fig) -> tuple[list[tuple[str, Box]], list[Box]]:
    """The shown labels' boxes (with their text) and the stars' and triangles' boxes, in pixels."""
    k = _px_per_unit(fig)
    labels, marks = [], []
    for trace in fig.data:
        if trace.mode == "text":
            size = trace.textfont.size
            for x, y, text in zip(trace.x, trace.y, trace.text):
                if text:
                    w, h = text_size(str(text), size)
                    labels.append((text, Box(x * k - w / 2, y * k - h / 2, x * k + w / 2, y * k + h / 2)))
        elif trace.mode == "markers" and trace.marker.symbol in SYMBOLS:
            r = trace.marker.size / 2
            marks += [Box(x * k - r, y * k - r, x * k + r, y * k + r) for x, y in zip(trace.x, trace.y)]
        elif "text" in (trace.mode or ""):
            assert not any(trace.text), trace.name  # a cube's abbreviation is left out of the whole map
    return labels, marks


@pytest.mark.parametrize("title, seed, at, marks_at_least", [
    ("continental-divide", 2, 0, 14),  # the empty map: stars and triangles only
    ("continental-divide", 2, 60, 14),  # four railroads' cubes beside them
    ("american-rails", 1, None, 1),  # the game's end: its houses among the cubes
])
def test_no_name_covers_a_star_a_triangle_or_another_name(title, seed, at, marks_at_least):
    game = source_game(title, seed=seed)
    fig = _whole_map(game if at is None else game.at(at))
    labels, marks = _boxes(fig)
    assert len(marks) >= marks_at_least and len(labels) >= 20
    covered = [(text, i) for text, box in labels for i, mark in enumerate(marks) if box.meets(mark)]
    assert covered == []
    assert [(a, b) for (a, box), (b, other) in itertools.combinations(labels, 2) if box.meets(other)] == []
