"""Stop 69: on the cube-rail maps a start city's star, a port's triangle (Continental Divide) and a house's
triangle (American Rails) are drawn where they cover no railroad's abbreviation. The star stood at the top
middle of its hex, on the abbreviation of the hex's first cube: in a Continental Divide game whose first move
starts UP in Chicago (F40), the star hid "UP". The boxes are measured in the figure's own pixels, as drawn."""

from __future__ import annotations

import math
import random

import pytest

import gamekit
from gamekit import viz
from gamekit.viz.hexes import hex_center
from gamekit.viz.labels import Box, Placer, text_size

MARK_TRACES = {"start city hex", "port (one railroad)", "house"}


def px_per_unit(fig) -> float:
    lay = fig.layout
    return (lay.width - lay.margin.l - lay.margin.r) / (lay.xaxis.range[1] - lay.xaxis.range[0])


def cube_labels(fig) -> list[tuple[str, Box]]:
    """Each cube's abbreviation and its box: written right of the square (``textposition`` middle right)."""
    k, out = px_per_unit(fig), []
    for trace in fig.data:
        if trace.mode == "markers+text":
            assert trace.textposition == "middle right"
            for x, y, text in zip(trace.x, trace.y, trace.text):
                width, height = text_size(text, trace.textfont.size)
                left = x * k + trace.marker.size / 2
                out.append((text, Box(left, y * k - height / 2, left + width, y * k + height / 2)))
    return out


def marks(fig) -> list[tuple[str, float, float, Box]]:
    """Each star or triangle: its trace's name, where it is (plot units) and its box."""
    k, out = px_per_unit(fig), []
    for trace in fig.data:
        if trace.name in MARK_TRACES:
            r = trace.marker.size / 2
            out += [(trace.name, x, y, Box(x * k - r, y * k - r, x * k + r, y * k + r)) for x, y in zip(trace.x, trace.y)]
    return out


def covered(fig) -> list[tuple[str, str]]:
    return [(text, name) for text, label in cube_labels(fig) for name, _, _, box in marks(fig) if label.meets(box)]


def test_chicago_star_leaves_up_readable():
    game = gamekit.new_game("continental-divide", ["Ann", "Ben", "Cy"], seed=2)
    game.process(game.parse_action("Ann starts UP in F40 with 3 shares at a stock value of $10"))
    fig = viz.map_figure(game)
    assert [text for text, _ in cube_labels(fig)] == ["UP"]
    assert covered(fig) == []
    stars = [(x, y) for name, x, y, _ in marks(fig) if name == "start city hex"]
    assert len(stars) == 9  # Chicago, Memphis and New Orleans: three hexes each
    cx, cy = hex_center("F40")
    (moved,) = [(x, y) for x, y in stars if math.dist((x, y), (cx, cy)) < math.sqrt(3) / 2]
    assert moved != (cx, cy + 0.45)  # not its usual spot at the top, on UP's label: still inside F40
    gx, gy = hex_center("G39")
    assert (gx, gy + 0.45) in stars  # a Chicago hex without a cube keeps its star at the top


@pytest.mark.parametrize("title, players, seed", [("continental-divide", 3, 1), ("continental-divide", 5, 2),
                                                  ("american-rails", 4, 1), ("american-rails", 3, 2)])
def test_no_mark_covers_a_cube_label_along_a_game(title, players, seed):
    game = gamekit.new_game(title, [f"P{i}" for i in range(players)], seed=seed)
    rng = random.Random(seed)
    drawn = labelled = 0
    while not game.is_over:
        game.process(rng.choice(game.legal_actions()))
        if len(game.actions) % 10 == 0:
            fig = viz.map_figure(game)
            assert covered(fig) == [], (len(game.actions), covered(fig))
            drawn += 1
            labelled += len(cube_labels(fig))
    assert drawn >= 9 and labelled > 100


def test_place_box_keeps_clear_of_a_block():
    placer = Placer(10.0)
    placer.block(0.0, 0.0, 20, 10)  # a label from -1.0 to 1.0 across, -0.5 to 0.5 up (plot units)
    assert placer.place_box(9, 9, [(0.0, 0.0), (0.0, 1.5)]) == (0.0, 1.5)
    assert placer.place_box(9, 9, [(0.0, 1.5), (3.0, 0.0)]) == (3.0, 0.0)  # the first is taken now
