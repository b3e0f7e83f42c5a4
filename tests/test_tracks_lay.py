"""Tile lays and station tokens on hand-built 1830 positions: legal lays with their costs, and one refusal per
rule. Positions use the printed 1830 map (data/1830/map.json); token prices are passed in as the caller would.
"""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamekit.errors import GameError
from gamekit.tracks.board import Board, city_id, find_city, new_board, supply
from gamekit.tracks.graph import reach
from gamekit.tracks.lay import check_lay, lay_tile, legal_lays
from gamekit.tracks.mapdata import load_track_data
from gamekit.tracks.tokens import check_token, place_token, tokenable_cities

DATA = load_track_data("1830")
YELLOW = ("yellow",)
GREEN = ("yellow", "green")
BROWN = ("yellow", "green", "brown")


def board_with(*tokens: tuple[str, str]) -> Board:
    """A fresh board with home-style tokens ``(corporation, hex)`` in city 0 of each hex."""
    board = new_board(DATA)
    for corp, coord in tokens:
        place_token(DATA, board, corp, coord, 0, needs_connection=False)
    return board


def refused(rule: str, fn, *args, **kwargs) -> GameError:
    with pytest.raises(GameError) as info:
        fn(*args, **kwargs)
    assert info.value.rule == rule, info.value
    return info.value


# --- legal lays -------------------------------------------------------------------------------------------------

def test_first_tile_in_a_home_city_needs_no_track_and_costs_nothing():
    board = board_with(("NYC", "E19"))
    result = lay_tile(DATA, board, "NYC", "E19", "57-0", 1, phase_colours=YELLOW, cash=0)
    assert (result.cost, result.replaced, result.returns_to_supply, result.city_map) == (0, "city-0", False, (0,))
    assert board.tiles["E19"] == ("57-0", 1)
    assert city_id(DATA, board, "E19", 0) == "57-0-0"
    assert board.tokens["E19"] == [["NYC"]]


def test_water_costs_80_and_mountain_120_only_for_the_first_tile():
    board = board_with(("B&O", "I15"))
    # Baltimore's printed track leaves I15 on edges 0 (to J14) and 4 (to I17, a river hex)
    assert check_lay(DATA, board, "B&O", "I17", "9-0", 1, phase_colours=YELLOW, cash=80).cost == 80
    refused("1830:track.terrain", check_lay, DATA, board, "B&O", "I17", "9-0", 1, phase_colours=YELLOW, cash=79)
    board = board_with(("NYC", "E19"))
    lay_tile(DATA, board, "NYC", "E19", "57-0", 1, phase_colours=YELLOW)  # exits 1 and 4: E17 and E21
    assert check_lay(DATA, board, "NYC", "E21", "9-0", 1, phase_colours=YELLOW, cash=120).cost == 120
    lay_tile(DATA, board, "NYC", "E21", "9-0", 1, phase_colours=YELLOW)
    upgrade = check_lay(DATA, board, "NYC", "E21", "23-0", 1, phase_colours=GREEN, cash=0)
    assert (upgrade.cost, upgrade.replaced, upgrade.returns_to_supply) == (0, "9-0", True)


def test_an_upgrade_returns_the_old_tile_to_the_supply_and_keeps_the_token():
    board = board_with(("NYC", "E19"))
    lay_tile(DATA, board, "NYC", "E19", "57-0", 0, phase_colours=YELLOW)
    assert "57-0" not in supply(DATA, board)["57"]
    lay_tile(DATA, board, "NYC", "E19", "14-2", 0, phase_colours=GREEN)
    assert supply(DATA, board)["57"] == ["57-0", "57-1", "57-2", "57-3"]
    assert board.tokens["E19"] == [["NYC", None]]
    assert city_id(DATA, board, "E19", 0) == "14-2-0"
    assert find_city(DATA, board, "14-2-0") == ("E19", 0)


def test_a_special_lay_ignores_connection_but_pays_terrain():
    # 1830 D&H: the owning corporation lays a city tile on Scranton (mountain) and a token, without connection
    board = board_with(("ERIE", "E11"))
    refused("1830:track.connect", check_lay, DATA, board, "ERIE", "F16", "57-1", 0, phase_colours=YELLOW)
    result = lay_tile(DATA, board, "ERIE", "F16", "57-1", 0, phase_colours=YELLOW, cash=500, ignore_connection=True)
    assert result.cost == 120
    assert check_lay(DATA, new_board(DATA), "ERIE", "F16", "57-1", 0, phase_colours=YELLOW,
                     ignore_connection=True, terrain_discount=120).cost == 0
    refused("1830:token.connect", check_token, DATA, board, "ERIE", "F16", 0, cost=40, cash=500)
    assert place_token(DATA, board, "ERIE", "F16", 0, needs_connection=False) == 0


def test_legal_lays_of_baltimore_at_the_start():
    board = board_with(("B&O", "I15"))
    # Baltimore's printed track reaches J14 (edge 3) and I17 (edge 1); I17 has no neighbour on edges 0 and 5,
    # J14 none on edge 4. Rotations giving the same track are listed once.
    assert legal_lays(DATA, board, "B&O", phase_colours=YELLOW, cash=1000) == [
        ("I17", "7-0", 1, 80), ("I17", "8-0", 1, 80), ("I17", "9-0", 1, 80), ("J14", "57-0", 0, 80)]
    assert legal_lays(DATA, board, "B&O", phase_colours=YELLOW, cash=79) == []


# --- refusals ---------------------------------------------------------------------------------------------------

def test_wrong_colour_for_the_phase_and_skipping_a_colour():
    board = board_with(("NYC", "E19"))
    err = refused("1830:track.colour", check_lay, DATA, board, "NYC", "E19", "14-0", 0, phase_colours=YELLOW)
    assert "not available in this phase" in err.message
    refused("1830:track.colour", check_lay, DATA, board, "NYC", "E19", "63-0", 0, phase_colours=BROWN)


def test_a_plain_track_tile_cannot_go_on_a_city_hex():
    board = board_with(("NYC", "E19"))
    refused("1830:track.cities", check_lay, DATA, board, "NYC", "E19", "9-0", 0, phase_colours=YELLOW)
    refused("1830:track.cities", check_lay, DATA, board, "NYC", "E21", "57-0", 1, phase_colours=YELLOW)


def test_labelled_tiles_only_on_their_hexes():
    board = board_with(("NYC", "E19"))
    lay_tile(DATA, board, "NYC", "E19", "57-0", 0, phase_colours=YELLOW)
    refused("1830:track.label", check_lay, DATA, board, "NYC", "E19", "59-0", 0, phase_colours=GREEN)
    board = board_with(("B&O", "I15"))
    refused("1830:track.label", check_lay, DATA, board, "B&O", "I15", "14-0", 0, phase_colours=GREEN)
    # Baltimore's B tile keeps the printed exits 0 and 4 at rotation 0 (tile 53: edges 0, 2, 4)
    assert check_lay(DATA, board, "B&O", "I15", "53-0", 0, phase_colours=GREEN).cost == 0


def test_an_upgrade_that_drops_track_is_refused():
    board = board_with(("NYC", "E19"))
    lay_tile(DATA, board, "NYC", "E19", "57-0", 0, phase_colours=YELLOW)  # edges 0 and 3
    # tile 14 has exits 0, 1, 3, 4: rotations 0, 2, 3, 5 keep edges 0 and 3; 1 and 4 do not
    kept = []
    for rotation in range(6):
        try:
            check_lay(DATA, board, "NYC", "E19", "14-0", rotation, phase_colours=GREEN)
            kept.append(rotation)
        except GameError as err:
            assert err.rule == "1830:track.upgrade"
    assert kept == [0, 2, 3, 5]


def test_exits_off_the_map_or_across_a_lake_are_refused():
    board = board_with(("ERIE", "E11"))
    # J4 has no neighbour below (edges 0 and 5); D12's edges 2 and 3 are impassable borders
    refused("1830:track.exits", check_lay, DATA, board, "ERIE", "J4", "9-0", 0, phase_colours=YELLOW)
    refused("1830:track.exits", check_lay, DATA, board, "ERIE", "D12", "9-0", 0, phase_colours=YELLOW)
    # from D12, edge 1 leads into D10 (printed yellow OO, fine) and edge 4 into gray Rochester, whose track
    # reaches edge 1 (facing D12): allowed
    assert DATA.exit_allowed("D12", 4) and DATA.exit_allowed("D12", 1)
    # into gray Altoona from H14 (edge 1 faces H12's edge 4, which has track) fine; from G13 into H12's edge 3
    # (no track) refused
    assert DATA.exit_allowed("H14", 1)
    assert not DATA.exit_allowed("G13", 0)


def test_red_gray_and_blocked_hexes_take_no_tile():
    board = board_with(("PRR", "H12"))
    refused("1830:track.hex", check_lay, DATA, board, "PRR", "F2", "9-0", 0, phase_colours=YELLOW)
    refused("1830:track.hex", check_lay, DATA, board, "PRR", "H12", "57-0", 0, phase_colours=YELLOW)
    refused("1830:track.hex", check_lay, DATA, board, "PRR", "I13", "9-0", 1, phase_colours=YELLOW,
            blocked_hexes={"I13"})


def test_tile_copies_and_unknown_tiles():
    board = board_with(("NYC", "E19"), ("PRR", "H12"))
    refused("1830:track.supply", check_lay, DATA, board, "NYC", "E19", "57-4", 0, phase_colours=YELLOW)
    refused("1830:track.supply", check_lay, DATA, board, "NYC", "E19", "X9-0", 0, phase_colours=YELLOW)
    lay_tile(DATA, board, "NYC", "E19", "57-0", 0, phase_colours=YELLOW)
    refused("1830:track.supply", check_lay, DATA, board, "PRR", "H10", "57-0", 1, phase_colours=YELLOW)


def test_track_must_connect_to_the_network():
    board = board_with(("PRR", "H12"))
    err = refused("1830:track.connect", check_lay, DATA, board, "PRR", "D8", "9-0", 1, phase_colours=YELLOW)
    assert "PRR" in err.message
    # H14 touches Altoona's track on its edge 1: a straight across (1-4) connects, a curve on 2-3 does not
    assert check_lay(DATA, board, "PRR", "H14", "9-0", 1, phase_colours=YELLOW).cost == 0
    refused("1830:track.connect", check_lay, DATA, board, "PRR", "H14", "7-0", 2, phase_colours=YELLOW)


def test_bad_rotation_or_hex():
    board = board_with(("PRR", "H12"))
    refused("1830:track.lay", check_lay, DATA, board, "PRR", "H14", "9-0", 6, phase_colours=YELLOW)
    refused("1830:track.lay", check_lay, DATA, board, "PRR", "Z99", "9-0", 0, phase_colours=YELLOW)


def test_a_refused_lay_leaves_the_board_unchanged():
    board = board_with(("NYC", "E19"))
    lay_tile(DATA, board, "NYC", "E19", "57-0", 0, phase_colours=YELLOW)
    before = pickle.dumps(board)
    with pytest.raises(GameError):
        lay_tile(DATA, board, "NYC", "E19", "14-0", 1, phase_colours=GREEN)
    assert pickle.dumps(board) == before


# --- the Erie's split double city --------------------------------------------------------------------------------

def test_the_first_tile_on_a_tokened_double_city_lifts_the_token():
    board = new_board(DATA)
    assert board.hex_reservations == {"E11": ["ERIE"]}
    refused("1830:token.reserved", check_token, DATA, board, "PRR", "E11", 0, needs_connection=False)
    place_token(DATA, board, "ERIE", "E11", 0, needs_connection=False)
    assert board.hex_reservations == {}
    result = lay_tile(DATA, board, "ERIE", "E11", "59-0", 2, phase_colours=GREEN)
    assert result.lifted == ("ERIE",)
    assert board.tokens["E11"] == [[None], [None]]
    # the laying corporation puts it back on either city, free and without connection
    place_token(DATA, board, "ERIE", "E11", 1, needs_connection=False)
    assert city_id(DATA, board, "E11", 1) == "59-0-1"


# --- station tokens ----------------------------------------------------------------------------------------------

def baltimore_and_washington() -> Board:
    board = board_with(("B&O", "I15"))
    lay_tile(DATA, board, "B&O", "J14", "57-0", 0, phase_colours=YELLOW)  # edges 0 and 3; 3 faces Baltimore
    return board


def test_a_token_in_a_reached_city_with_a_free_slot():
    board = baltimore_and_washington()
    assert reach(DATA, board, "B&O").cities() == [("I15", 0), ("J14", 0)]
    assert tokenable_cities(DATA, board, "B&O") == [("J14", 0)]
    assert check_token(DATA, board, "B&O", "J14", 0, cost=40, cash=40) == 0
    refused("1830:token.cost", check_token, DATA, board, "B&O", "J14", 0, cost=40, cash=39)


def test_token_refusals():
    board = baltimore_and_washington()
    refused("1830:token.once", check_token, DATA, board, "B&O", "I15", 0)
    refused("1830:token.connect", check_token, DATA, board, "B&O", "H10", 0)
    refused("1830:token.city", check_token, DATA, board, "B&O", "I17", 0)
    refused("1830:token.city", check_token, DATA, board, "B&O", "J14", 1)
    place_token(DATA, board, "PRR", "J14", 0, needs_connection=False)
    refused("1830:token.slot", check_token, DATA, board, "B&O", "J14", 0)
    # Albany's single slot is kept for the NYC's home token
    refused("1830:token.slot", check_token, DATA, board, "B&O", "E19", 0, needs_connection=False)
    assert check_token(DATA, board, "NYC", "E19", 0, needs_connection=False) == 0


def test_a_home_reservation_follows_its_city_through_upgrades():
    board = new_board(DATA)
    lay_tile(DATA, board, "NYC", "E19", "57-0", 0, phase_colours=YELLOW, ignore_connection=True)
    lay_tile(DATA, board, "NYC", "E19", "14-0", 0, phase_colours=GREEN, ignore_connection=True)
    assert board.reservations["E19"] == [["NYC", None]]
    assert check_token(DATA, board, "PRR", "E19", 0, needs_connection=False) == 1
    place_token(DATA, board, "NYC", "E19", 0, needs_connection=False)
    assert board.reservations["E19"] == [[None, None]]
    # New York: NYNH's reservation is on the city whose printed track leaves on edge 3
    lay_tile(DATA, board, "NYNH", "G19", "54-0", 0, phase_colours=GREEN, ignore_connection=True)
    assert board.reservations["G19"] == [[None], ["NYNH"]]


# --- a property: any lay either succeeds keeping the supply consistent, or changes nothing ----------------------

TILE_IDS = sorted(f"{name}-{i}" for name, t in DATA.tiles.items() for i in range((t.count or 1) + 1))
HEXES = sorted(DATA.hexes)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(HEXES), st.sampled_from(TILE_IDS), st.integers(0, 6)), max_size=25),
       st.sampled_from([YELLOW, GREEN, BROWN]))
def test_random_lays_keep_the_board_consistent(lays, colours):
    board = board_with(("PRR", "H12"), ("NYC", "E19"), ("B&O", "I15"))
    for coord, tile_id, rotation in lays:
        before = pickle.dumps(board)
        try:
            lay_tile(DATA, board, "PRR", coord, tile_id, rotation, phase_colours=colours, ignore_connection=True)
        except GameError as err:
            assert err.rule.startswith("1830:track.")
            assert pickle.dumps(board) == before
    on_map = [t for t, _ in board.tiles.values()]
    assert len(on_map) == len(set(on_map))
    left = supply(DATA, board)
    for name, tile in DATA.tiles.items():
        assert len(left[name]) + sum(1 for t in on_map if DATA.tile_name(t) == name) == tile.count
    assert sorted(c for cities in board.tokens.values() for slots in cities for c in slots if c) == [
        "B&O", "NYC", "PRR"]
