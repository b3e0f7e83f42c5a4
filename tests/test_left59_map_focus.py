"""An 18xx map can be drawn zoomed on some points (``focus``: the stops of a route, say): it shows the part of the
map around them at a larger scale, its labels placed for that scale and inside it (lesson 1830_05's route maps were
crowded in the north-east on the whole map)."""

from __future__ import annotations

import gamekit
from gamekit.viz.hexes import hex_center
from gamekit.viz.map18xx import map_figure

NORTH_EAST = ("E23", "F22", "F24", "G19")  # Boston, New Haven & Hartford, Providence, New York & Newark


def _texts(fig):
    return [(x, y, t) for trace in fig.data if trace.mode == "text" for x, y, t in zip(trace.x, trace.y, trace.text)]


def test_a_focused_map_shows_the_points_enlarged_with_its_labels_inside():
    game = gamekit.new_game("1830", ["a", "b", "c", "d"])
    points = [hex_center(c) for c in NORTH_EAST]
    whole, zoomed = map_figure(game), map_figure(game, width=820, focus=points)
    (x0, x1), (y0, y1) = zoomed.layout.xaxis.range, zoomed.layout.yaxis.range
    assert all(x0 < x < x1 and y0 < y < y1 for x, y in points)
    wx0, wx1 = whole.layout.xaxis.range
    scale = (zoomed.layout.width - 20) / (x1 - x0) / ((whole.layout.width - 20) / (wx1 - wx0))
    assert zoomed.layout.width == 820 and scale > 1.9  # each hex drawn nearly twice as wide on a narrower figure
    names = {t for x, y, t in _texts(zoomed) if x0 <= x <= x1 and y0 <= y <= y1}
    assert {"Boston", "Providence"} <= names  # their names are placed on the part shown


def test_without_focus_the_map_is_drawn_as_before():
    game = gamekit.new_game("1830", ["a", "b", "c", "d"])
    assert map_figure(game, focus=()).to_json() == map_figure(game).to_json()
