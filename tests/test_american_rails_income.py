"""American Rails facts and pure mechanics: the data files, city income, special connections, build costs."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamekit.cuberails.ar_board import Board, BoardFacts, load_board, load_game_facts
from gamekit.cuberails.ar_build import build_cost
from gamekit.cuberails.ar_income import (
    city_value, entry_changes, house_changes, income_lines, linked_pairs, special_bonus,
)
from gamekit.datafiles import data_json, load_model
from gamekit.errors import DataError
from gamekit.hexgrid import parse_coord

from .ar_support import board_path

BOARD = load_board()
BUFFALO = BOARD.city_named["Buffalo"]
PITTSBURGH = BOARD.city_named["Pittsburgh"]


# ----- data -------------------------------------------------------------------------------------------------------
def test_companies_total_144_cubes_and_21_shares():
    facts = load_game_facts()
    assert [c.name for c in facts.companies] == ["American", "National", "Continental", "Majestic", "Liberty",
                                                 "Republic"]
    assert sum(c.cubes for c in facts.companies) == 144
    assert sum(c.shares for c in facts.companies) == 21
    assert [c.track_cubes for c in facts.companies] == [30, 28, 25, 21, 18, 16]
    assert [r.id for r in facts.action_rows] == ["pass", "develop", "fund", "take", "expand3", "auction", "expand4"]


def test_cities_values_and_flags():
    cities = BOARD.facts.cities
    assert len(cities) == 39
    assert (BUFFALO.full, BUFFALO.shared, BUFFALO.value_source, BUFFALO.confidence) == (4, 3, "S002", "H")
    ny = BOARD.city_named["New York"]
    assert (ny.full, ny.shared, ny.developable, ny.special) == (8, 5, False, True)
    assert {c.name for c in cities if not c.developable} == {"New York", "Baltimore", "Philadelphia", "Boston",
                                                             "Chicago"}
    assert {c.name for c in cities if c.special} == {"Chicago", "New York", "Atlanta"}
    assert all(c.full >= c.shared for c in cities)
    assert {c.value_source for c in cities} <= set(BOARD.facts.sources)


def test_map_is_approximate_pointy_grid_and_connected():
    facts = BOARD.facts
    assert facts.status == "approximate" and "NOT the published map" in facts.note
    for h in facts.hexes:
        x, y = parse_coord(h.hex)
        assert (x + y) % 2 == 0, h.hex  # pointy doubled coordinates
    assert {h.terrain for h in facts.hexes} == {"plains", "forest", "mountain", "city"}
    start = BUFFALO.hex
    seen, todo = {start}, [start]
    while todo:
        for n in BOARD.neighbours[todo.pop()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == set(BOARD.terrain)
    # real geography: Chicago is west of Buffalo, which is north of Atlanta
    assert parse_coord(BOARD.city_named["Chicago"].hex)[0] < parse_coord(BUFFALO.hex)[0]
    assert parse_coord(BUFFALO.hex)[1] < parse_coord(BOARD.city_named["Atlanta"].hex)[1]


def _raw():
    return copy.deepcopy(data_json("american_rails", "map.json"))


def test_malformed_map_names_the_place():
    raw = _raw()
    raw["cities"][0]["hex"] = raw["hexes"][0]["hex"]  # a city on a non-city hex
    with pytest.raises(DataError, match="map.json.*not a city hex"):
        load_model(BoardFacts, raw, "data/american_rails/map.json")
    raw = _raw()
    raw["blocked_sides"] = [["B26", "H4"]]
    with pytest.raises(DataError, match="does not join"):
        load_model(BoardFacts, raw, "data/american_rails/map.json")
    raw = _raw()
    raw["hexes"][3]["terrain"] = "swamp"
    with pytest.raises(DataError, match="hexes.3.terrain"):
        load_model(BoardFacts, raw, "data/american_rails/map.json")


def test_blocked_side_removes_adjacency():
    raw = _raw()
    raw["blocked_sides"] = [["B26", "B28"]]
    board = Board(load_model(BoardFacts, raw, "test"))
    assert "B28" not in board.neighbours["B26"] and "B26" not in board.neighbours["B28"]
    assert "B28" in BOARD.neighbours["B26"]


# ----- city income ---------------------------------------------------------------------------------------------------
def test_house_adds_two_to_full_and_one_to_shared():
    """Seed 002 (AR-1)."""
    for city in BOARD.facts.cities:
        assert city_value(city, True, 1) == city.full + 2
        assert city_value(city, True, 2) == city_value(city, True, 3) == city.shared + 1
        assert city_value(city, False, 0) == city_value(city, True, 0) == 0


def test_seed_buffalo_changes():
    """Seed 002 (AR-2): developed Buffalo, National alone, Liberty connects: Liberty +$4, National −$2."""
    assert entry_changes(BUFFALO, True, ["NA"], "LI") == {"LI": 4, "NA": -2}
    assert entry_changes(BUFFALO, True, [], "NA") == {"NA": 6}


def test_second_and_third_company_undeveloped():
    """AR-5 and AR-6: Pittsburgh 5/3."""
    assert entry_changes(PITTSBURGH, False, [], "AM") == {"AM": 5}
    assert entry_changes(PITTSBURGH, False, ["AM"], "NA") == {"NA": 3, "AM": -2}
    assert entry_changes(PITTSBURGH, False, ["AM", "NA"], "CO") == {"CO": 3}


def test_house_on_occupied_city():
    assert house_changes(BUFFALO, ["NA"]) == {"NA": 2}
    assert house_changes(BUFFALO, ["NA", "LI"]) == {"NA": 1, "LI": 1}


@given(st.sampled_from(BOARD.facts.cities), st.booleans(), st.permutations(["AM", "NA", "CO", "MA", "LI", "RE"]))
def test_changes_sum_to_the_breakdown(city, house, arrivals):
    """The seed's step-by-step changes always add up to the city-by-city breakdown."""
    marker: dict[str, int] = {}
    there: list[str] = []
    for company in arrivals:
        for c, change in entry_changes(city, house, there, company).items():
            marker[c] = marker.get(c, 0) + change
        there.append(company)
        occupants = {city.hex: there}
        houses = [city.hex] if house else []
        for c in there:
            assert marker[c] == sum(ln.amount for ln in income_lines(c, BOARD, occupants, houses))


# ----- special connections ----------------------------------------------------------------------------------------
def test_special_connections_ten_then_twenty():
    """Seed 002 (AR-3, AR-4): two special cities linked: +$10; then the third: +$20 (two links at once)."""
    chicago, ny, atlanta = (BOARD.city_named[c].hex for c in ("Chicago", "New York", "Atlanta"))
    track = board_path(BOARD, chicago, atlanta)
    assert linked_pairs(track[:-1], BOARD) == []
    assert len(linked_pairs(track, BOARD)) == 1 and special_bonus(0, 1) == 10
    track += board_path(BOARD, atlanta, ny)[1:]
    assert len(linked_pairs(track, BOARD)) == 3 and special_bonus(1, 3) == 20
    occupants = {h: ["AM"] for h in track}
    bonus = [ln for ln in income_lines("AM", BOARD, occupants, []) if ln.kind == "bonus"]
    assert sorted(ln.source for ln in bonus) == ["Chicago–Atlanta", "Chicago–New York", "New York–Atlanta"]
    assert sum(ln.amount for ln in bonus) == 30
    # two separate pieces of track holding Chicago and New York do not link them
    assert linked_pairs([chicago, ny], BOARD) == []


# ----- costs ---------------------------------------------------------------------------------------------------------
def test_terrain_costs():
    by_terrain = {}
    for h, t in BOARD.terrain.items():
        by_terrain.setdefault(t, h)
    assert build_cost(BOARD, by_terrain["plains"], 0) == 2
    assert build_cost(BOARD, by_terrain["plains"], 2) == 6
    assert build_cost(BOARD, by_terrain["city"], 1) == 4
    assert build_cost(BOARD, by_terrain["forest"], 0) == 3
    assert build_cost(BOARD, by_terrain["mountain"], 0) == 5
