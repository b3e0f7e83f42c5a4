"""The share market's cells as drawn (:mod:`gamekit.viz.market_shapes`): the six moves of 1837's hex market go
to the six hexagons that touch a cell, and a grid market's four moves to the four squares beside it (rules
``1837:market.moves``, ``1830:market.moves``)."""

from __future__ import annotations

import math

import pytest

from gamekit.tracks.facts import title_facts
from gamekit.tracks.market import DIRECTIONS, StockMarket
from gamekit.viz.market_shapes import SHAPES


@pytest.mark.parametrize("title, moves", [("1837", 512), ("1830", 420)])
def test_every_step_to_a_next_cell_goes_to_a_touching_cell(title, moves):
    market = StockMarket(title_facts(title).market)
    shapes = SHAPES[market.kind]
    steps = 0
    for pos in market.cells:
        x, y = shapes.centre(*pos)
        for direction in DIRECTIONS[market.kind]:
            target = market.move(pos, direction)
            if target == _plain(pos, direction):  # not a fall-back at the edge of the chart
                tx, ty = shapes.centre(*target)
                assert math.hypot(tx - x, ty - y) == pytest.approx(1.0), (pos, direction)
                steps += 1
    assert steps == moves  # every pair of touching cells, once each way


def _plain(pos, direction):
    row, col = pos
    return {"left": (row, col - 1), "right": (row, col + 1), "up": (row - 1, col), "down": (row + 1, col),
            "up_left": (row - 1, col - 1), "down_right": (row + 1, col + 1)}[direction]


def test_hex_cells_touch_exactly_their_six_neighbours():
    market = StockMarket(title_facts("1837").market)
    shapes = SHAPES["hex"]
    row, col = 2, 5  # 108, inside the chart
    x, y = shapes.centre(row, col)
    near = sorted(pos for pos in market.cells if pos != (row, col)
                  and math.hypot(shapes.centre(*pos)[0] - x, shapes.centre(*pos)[1] - y) < 1.01)
    assert near == sorted(_plain((row, col), d) for d in DIRECTIONS["hex"])
    assert [market.cell(p).price for p in near] == [111, 118, 100, 115, 98, 105]


def test_a_hexagon_has_six_corners_one_radius_from_its_centre():
    xs, ys = SHAPES["hex"].outline(0, 2)
    x, y = SHAPES["hex"].centre(0, 2)
    assert len(xs) == 7 and (xs[0], ys[0]) == (xs[-1], ys[-1])
    assert {round(math.hypot(a - x, b - y), 9) for a, b in zip(xs, ys)} == {round(1 / math.sqrt(3), 9)}
