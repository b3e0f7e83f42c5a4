"""Stop 69: ``gamekit.routes.hex_stops(position, hex)``: the stops of a hex (cities, towns, off-boards), each with
its kind, index, node id, what it pays now and the label a learner reads ("town 1 of 2"), the public way for a
lesson to number a route's stops (lesson 1830_05 read the tile's parts from the track internals before). Values
are the 1830 map's printed ones (``data/1830``) and those of real game 26855 before its log entry 328."""

from __future__ import annotations

from dataclasses import replace

import pytest

import gamekit
from gamekit.games import real_game
from gamekit.i18n import localize, using
from gamekit.routes import HexStop, best_routes, hex_stops, position, run_positions
from gamekit.tracks.lay import lay_tile
from gamekit.viz.map18xx import board_of


@pytest.fixture(scope="module")
def nyc_328():
    """NYC's route position in game 26855 before its logged run (log entry 328; phase 5: brown tiles)."""
    (logged,) = run_positions(real_game("1830", "26855").log(), at=328)
    return logged.game, position(logged.game, logged.corporation)


def summary(pos, coord):
    return [(s.node, s.node_id, s.kind, s.index, s.revenue, str(s.label)) for s in hex_stops(pos, coord)]


def test_printed_hexes_of_a_new_game():
    pos = position(gamekit.new_game("1830", ["Ann", "Ben", "Cy", "Di"], seed=1), "NYC")
    # New Haven & Hartford: two towns that pay nothing until a tile is laid
    assert summary(pos, "F20") == [(("F20", "town", 0), "F20-0", "town", 0, 0, "town 1 of 2"),
                                   (("F20", "town", 1), "F20-1", "town", 1, 0, "town 2 of 2")]
    # New York & Newark: two cities of $40 each
    assert summary(pos, "G19") == [(("G19", "city", 0), "G19-0", "city", 0, 40, "city 1 of 2"),
                                   (("G19", "city", 1), "G19-1", "city", 1, 40, "city 2 of 2")]
    # Chicago's off-board area: $40 in yellow, $70 from brown (rule 1830:route.revenue)
    assert summary(pos, "F2") == [(("F2", "offboard", 0), "F2-0", "offboard", 0, 40, "off-board")]
    assert hex_stops(replace(pos, phase_colours=("yellow", "green", "brown")), "F2")[0].revenue == 70
    assert summary(pos, "H10") == [(("H10", "city", 0), "H10-0", "city", 0, 0, "city")]  # Pittsburgh, printed
    assert hex_stops(pos, "F18") == ()  # a plain hex
    with pytest.raises(KeyError):
        hex_stops(pos, "Z99")


def test_a_real_position_and_its_best_routes(nyc_328):
    game, pos = nyc_328
    assert summary(pos, "F20") == [(("F20", "town", 0), "F20-0", "town", 0, 10, "town 1 of 2"),
                                   (("F20", "town", 1), "F20-1", "town", 1, 10, "town 2 of 2")]  # tile 1 laid
    assert summary(pos, "A11") == [(("A11", "offboard", 0), "A11-0", "offboard", 0, 50, "off-board")]
    best = best_routes(game, pos.corporation)
    for route in best.run.routes:  # every stop of a route is one of its hex's stops, paying what the route counts
        for stop in route.stops:
            listed = {s.node: s for s in hex_stops(pos, stop.node[0])}[stop.node]
            assert (listed.node_id, listed.kind) == (stop.node_id, stop.kind)
            assert stop.revenue in (0, listed.revenue)  # 0: a stop the train passes without counting it
    assert sum(s.revenue for r in best.run.routes for s in r.stops) == best.total == 240


def test_a_what_if_board(nyc_328):
    game, pos = nyc_328
    before = summary(pos, "E19")
    what_if = board_of(game)
    lay_tile(pos.data, what_if, pos.corporation, "E19", "63-0", 0, phase_colours=pos.phase_colours)
    after = summary(replace(pos, board=what_if), "E19")
    assert before == [(("E19", "city", 0), "E19-0", "city", 0, 30, "city")]  # Albany, green tile 15: $30
    assert after == [(("E19", "city", 0), "E19-0", "city", 0, 40, "city")]   # brown tile 63: $40
    assert summary(pos, "E19") == before  # the game's own board is unchanged


def test_the_label_renders_in_the_learners_language(nyc_328):
    _, pos = nyc_328
    stop = hex_stops(pos, "F20")[1]
    assert isinstance(stop, HexStop)
    with using("en"):
        assert localize(stop.label) == "town 2 of 2"
    assert stop.label.template == "town {number} of {count}" and stop.label.values == {"number": 2, "count": 2}


def test_stop_point_is_where_the_map_draws_the_stop(nyc_328):
    """``gamekit.viz.map18xx.stop_point``: the lesson draws its routes from stop to stop with it (it read the tile
    from the track internals before): each of F20's two towns is a dot of the map at that point."""
    import math

    from gamekit.viz import map_figure
    from gamekit.viz.hexes import hex_center
    from gamekit.viz.map18xx import stop_point

    game, _ = nyc_328
    (towns,) = [t for t in map_figure(game).data if t.name == "towns"]
    dots, piece = [], []
    for x, y in [*zip(towns.x, towns.y), (None, None)]:
        if x is None:
            if piece:
                dots.append(((min(p[0] for p in piece) + max(p[0] for p in piece)) / 2,
                             (min(p[1] for p in piece) + max(p[1] for p in piece)) / 2))
            piece = []
        else:
            piece.append((x, y))
    points = [stop_point(game, ("F20", "town", i)) for i in (0, 1)]
    assert points[0] != points[1]
    for point in points:
        assert any(math.dist(point, dot) < 1e-9 for dot in dots)
        assert math.dist(point, hex_center("F20")) < math.sqrt(3) / 2  # inside the hex
    assert stop_point(game, ("H12", "city", 0)) == hex_center("H12")  # a lone stop: the hex's centre
