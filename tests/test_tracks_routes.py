"""Routes on hand-built 1830 positions: revenue stop by stop, off-board values by phase, and one refusal per
route rule. Also the map data itself and the rule ids the track modules cite.
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from gamekit.datafiles import data_json, load_model
from gamekit.errors import DataError, GameError
from gamekit.tracks.board import Board, new_board
from gamekit.tracks.lay import lay_tile
from gamekit.tracks.mapdata import MapFile, TilesFile, build_track_data, load_track_data, revenue_for
from gamekit.tracks.routes import DistanceRow, Leg, Route, Train, legs_from, route_from_log, run_routes
from gamekit.tracks.tokens import place_token

DATA = load_track_data("1830")
YELLOW = ("yellow",)
BROWN = ("yellow", "green", "brown")
ROOT = Path(__file__).resolve().parent.parent


def trains(*specs: tuple[str, int | None]) -> dict[str, Train]:
    return {tid: Train.counting_all(tid, n) for tid, n in specs}


def baltimore() -> Board:
    """B&O home in Baltimore (30); Washington 57 (20, water) south-west; I17 straight to Atlantic City (10)."""
    board = new_board(DATA)
    place_token(DATA, board, "B&O", "I15", 0, needs_connection=False)
    lay_tile(DATA, board, "B&O", "I17", "9-0", 1, phase_colours=YELLOW)
    lay_tile(DATA, board, "B&O", "J14", "57-0", 0, phase_colours=YELLOW)
    return board


def run(board, corp, logged, owned, colours=YELLOW, claimed=None):
    routes = [route_from_log(DATA, board, t, conns) for t, conns in logged]
    return run_routes(DATA, board, corp, routes, owned, colours, claimed=claimed)


def refused(rule: str, fn, *args, **kwargs) -> GameError:
    with pytest.raises(GameError) as info:
        fn(*args, **kwargs)
    assert info.value.rule == rule, info.value
    return info.value


# --- revenue ----------------------------------------------------------------------------------------------------

def test_two_trains_out_of_baltimore():
    # the first B&O run of the recorded bank game: I15-I19 for 40 and I15-J14 for 50
    result = run(baltimore(), "B&O", [("2-1", [["I15", "I17", "I19"]]), ("2-0", [["I15", "J14"]])],
                 trains(("2-0", 2), ("2-1", 2)), claimed=[40, 50])
    assert [(s.node_id, s.revenue) for s in result.routes[0].stops] == [("I15-0", 30), ("I19-0", 10)]
    assert [(s.node_id, s.revenue) for s in result.routes[1].stops] == [("I15-0", 30), ("J14-0", 20)]
    assert result.total == 90


def test_a_three_train_through_baltimore_and_a_diesel():
    board = baltimore()
    logged = [("3-0", [["J14", "I15"], ["I15", "I17", "I19"]])]
    assert run(board, "B&O", logged, trains(("3-0", 3))).total == 20 + 30 + 10
    assert run(board, "B&O", [("D-0", logged[0][1])], trains(("D-0", None))).total == 60
    # the legs may be logged walking either way
    assert run(board, "B&O", [("3-0", [["I19", "I17", "I15"], ["I15", "J14"]])], trains(("3-0", 3))).total == 60


def canadian_west() -> Board:
    """Barrie (B10) with a 57 towards the Canadian West off-board (A11) and a 57 on B12 from A11's other side."""
    board = new_board(DATA)
    board.tiles["B10"] = ("57-0", 0)  # edges 0 and 3; edge 3 faces A11's edge 0
    board.tiles["B12"] = ("57-1", 2)  # edges 2 and 5; edge 2 faces A11's edge 5
    board.tokens["B12"] = [[None]]
    board.reservations["B12"] = [[None]]
    place_token(DATA, board, "CPR", "B10", 0, needs_connection=False)
    return board


def test_off_board_values_follow_the_phase():
    board = canadian_west()
    logged = [("2-0", [["B10", "A11"]])]
    assert run(board, "CPR", logged, trains(("2-0", 2)), YELLOW).total == 20 + 30
    assert run(board, "CPR", logged, trains(("2-0", 2)), ("yellow", "green")).total == 20 + 30
    assert run(board, "CPR", logged, trains(("2-0", 2)), BROWN).total == 20 + 50
    assert revenue_for({"yellow": 30, "brown": 60}, BROWN) == 60


def test_a_plus_train_and_an_express_pay_by_their_rows():
    board = baltimore()
    logged = [("x", [["J14", "I15"], ["I15", "I17", "I19"]])]
    # "2+1": two stops of any kind paid plus one town: J14, I15 and the Atlantic City town all pay
    plus = Train("x", "2+1", (DistanceRow(frozenset({"town"}), 1, 1),
                              DistanceRow(frozenset({"city", "town", "offboard"}), 2, 2)))
    assert run(board, "B&O", logged, {"x": plus}).total == 60
    # an express counting 2 cities and passing towns unpaid (1837 E trains): the town earns nothing
    express = Train("x", "2E", (DistanceRow(frozenset({"town"}), 99, 0),
                                DistanceRow(frozenset({"city", "offboard"}), 2, 2)))
    result = run(board, "B&O", logged, {"x": express})
    assert [s.revenue for s in result.routes[0].stops] == [20, 30, 0]


# --- refusals ---------------------------------------------------------------------------------------------------

def test_too_long_for_the_train():
    board = baltimore()
    refused("1830:route.distance", run, board, "B&O", [("2-0", [["J14", "I15"], ["I15", "I17", "I19"]])],
            trains(("2-0", 2)))


def test_two_trains_may_not_share_track():
    board = baltimore()
    err = refused("1830:route.reuse", run, board, "B&O", [("2-0", [["I15", "J14"]]), ("2-1", [["J14", "I15"]])],
                  trains(("2-0", 2), ("2-1", 2)))
    assert "2-0" in err.message and "2-1" in err.message


def test_a_route_may_not_use_track_twice_or_revisit_a_stop():
    board = baltimore()
    there = route_from_log(DATA, board, "3-0", [["I15", "J14"]]).legs[0]
    back_again = Route("3-0", (there, there.reversed()))
    refused("1830:route.reuse", run_routes, DATA, board, "B&O", [back_again], trains(("3-0", 3)), YELLOW)


def test_a_route_may_not_return_to_a_stop_on_other_track():
    # a triangle: Albany (E19) and F20 carry 4-exit green cities, E21 a curve joining them the long way
    board = new_board(DATA)
    board.tiles.update({"E19": ("15-0", 2), "F20": ("15-1", 0), "E21": ("7-0", 0)})
    for coord in ("E19", "F20"):
        board.tokens[coord] = [[None, None]]
        board.reservations[coord] = [[None, None]]
    place_token(DATA, board, "NYC", "E19", 0, needs_connection=False)
    round_trip = [("3-0", [["E19", "F20"], ["F20", "E21", "E19"]])]
    refused("1830:route.revisit", run, board, "NYC", round_trip, trains(("3-0", 3)))
    assert run(board, "NYC", [("3-0", [["E19", "F20"]])], trains(("3-0", 3))).total == 60


def test_overstated_revenue():
    err = refused("1830:route.revenue", run, baltimore(), "B&O", [("2-0", [["I15", "J14"]])], trains(("2-0", 2)),
                  claimed=[60])
    assert "50" in err.message


def test_a_city_full_of_other_tokens_blocks_passing_but_not_ending():
    board = baltimore()
    place_token(DATA, board, "PRR", "J14", 0, needs_connection=False)
    # PRR may start in Washington and end in Baltimore (full of B&O) ...
    assert run(board, "PRR", [("2-0", [["J14", "I15"]])], trains(("2-0", 2))).total == 50
    # ... but not run through Baltimore to Atlantic City
    refused("1830:route.blocked", run, board, "PRR", [("3-0", [["J14", "I15"], ["I15", "I17", "I19"]])],
            trains(("3-0", 3)))


def test_a_route_needs_a_token_and_two_stops():
    board = baltimore()
    refused("1830:route.token", run, board, "PRR", [("2-0", [["I15", "I17", "I19"]])], trains(("2-0", 2)))
    refused("1830:route.stops", run_routes, DATA, board, "B&O", [Route("2-0", ())], trains(("2-0", 2)), YELLOW)


def test_off_board_areas_only_at_the_ends():
    board = canadian_west()
    refused("1830:route.offboard", run, board, "CPR", [("3-0", [["B10", "A11"], ["A11", "B12"]])], trains(("3-0", 3)))


def test_an_off_board_area_over_two_hexes_counts_once():
    # Barrie (B10) reaches both hexes of the Canadian West: A9 (edge 2) and A11 (edge 3)
    board = new_board(DATA)
    board.tiles["B10"] = ("15-0", 2)  # exits 2..5 on the city; edges 2 and 3 face A9 and A11
    board.tokens["B10"] = [[None, None]]
    board.reservations["B10"] = [[None, None]]
    place_token(DATA, board, "CPR", "B10", 0, needs_connection=False)
    assert [leg.end for leg in legs_from(DATA, board, ("B10", "city", 0))] == [
        ("A11", "offboard", 0), ("A9", "offboard", 0)]
    refused("1830:route.group", run, board, "CPR", [("3-0", [["A9", "B10"], ["B10", "A11"]])], trains(("3-0", 3)))
    assert run(board, "CPR", [("2-0", [["A9", "B10"]])], trains(("2-0", 2))).total == 30 + 30


def test_legs_from_a_stop_follow_plain_track_to_the_next_stops():
    board = baltimore()
    legs = legs_from(DATA, board, ("I15", "city", 0))
    assert [(leg.end, leg.paths) for leg in legs] == [
        (("I19", "town", 0), (("I15", 0), ("I17", 0), ("I19", 0))),
        (("J14", "city", 0), (("I15", 1), ("J14", 1)))]
    routes = [Route("2-0", (legs[1],))]
    assert run_routes(DATA, board, "B&O", routes, trains(("2-0", 2)), YELLOW).total == 50


def test_routes_must_follow_track():
    board = baltimore()
    refused("1830:route.track", route_from_log, DATA, board, "2-0", [["I15", "H14"]])
    refused("1830:route.track", route_from_log, DATA, board, "2-0", [["I15", "I19"]])  # not neighbours
    refused("1830:route.track", route_from_log, DATA, board, "2-0", [["I15", "J14"], ["I17", "I19"]])
    # a leg whose paths skip a hex
    leg = Leg(("I15", "city", 0), ("I19", "town", 0), (("I15", 0), ("I19", 0)))
    refused("1830:route.track", run_routes, DATA, board, "B&O", [Route("2-0", (leg,))], trains(("2-0", 2)), YELLOW)


def test_each_train_runs_once_and_must_be_owned():
    board = baltimore()
    refused("1830:route.train", run, board, "B&O", [("3-0", [["I15", "J14"]])], trains(("2-0", 2)))
    refused("1830:route.train", run, board, "B&O", [("2-0", [["I15", "J14"]]), ("2-0", [["I15", "I17", "I19"]])],
            trains(("2-0", 2)))


# --- the data ---------------------------------------------------------------------------------------------------

def test_the_1830_map_and_manifest():
    assert (len(DATA.hexes), len(DATA.tiles), sum(t.count for t in DATA.tiles.values())) == (93, 46, 85)
    for coord, neighbours in DATA.neighbours.items():
        for edge, other in enumerate(neighbours):
            if other:
                assert DATA.neighbours[other][(edge + 3) % 6] == coord
    assert DATA.neighbours["I15"][0] == "J14"  # Baltimore's exit 0 goes to Washington
    assert DATA.hexes["F16"].terrain_cost == 120 and DATA.hexes["I17"].terrain_cost == 80
    assert DATA.hexes["G19"].cities[0].reserved == ("NYNH",)
    assert DATA.hexes["E11"].reserved_by == ("ERIE",)
    assert DATA.tiles["63"].cities[0].slots == 2
    assert "source" in data_json("1830", "map.json") and "rights holders" in data_json("1830", "tiles.json")["note"]


def test_malformed_map_data_names_the_place():
    raw = copy.deepcopy(data_json("1830", "map.json"))
    raw["hexes"][0]["paths"] = [["e5", "c0"]]  # A9 has no city
    with pytest.raises(DataError, match=r"map.json: hexes.0"):
        load_model(MapFile, raw, "map.json")
    raw = copy.deepcopy(data_json("1830", "map.json"))
    raw["hexes"].append(dict(raw["hexes"][0]))
    tiles = load_model(TilesFile, data_json("1830", "tiles.json"), "tiles.json")
    with pytest.raises(DataError, match="A9 is listed twice"):
        build_track_data(load_model(MapFile, raw, "map.json"), tiles)

