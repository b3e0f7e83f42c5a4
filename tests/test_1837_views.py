"""1837's views: the map's notes (Bosnia, Italy and Bozen, the mines) before and after their events, stations
drawn by kind with a key, and Vienna's crowded cities drawn apart (rules ``1837:map.bosnia``,
``1837:map.italy``, ``1837:coal.mines``, ``1837:route.mine-subsidy``, ``1837:companies``)."""

from __future__ import annotations

import math

import pytest

import gamekit
from gamekit.datafiles import data_json
from gamekit.import18xx import import_log
from gamekit.tracks.board import Board, placed_tile
from gamekit.viz import map_figure
from gamekit.viz.map18xx import CROWDED_SLOT_RADIUS, STATION_SHAPES, stop_positions

from .fixtures import fixtures_dir, require_fixtures

FRESH_MINES = {"A13": "RGTE mine<br>+30K", "B32": "MLB mine<br>+20K", "C19": "EOD mine<br>+20K",
               "C21": "EKT mine<br>+25K", "E11": "EPP mine<br>+20K", "F26": "EHS mine<br>+20K",
               "K31": "SPB mine<br>+30K", "K33": "ZKB mine<br>+25K", "L30": "LRB mine<br>+25K",
               "P20": "BB mine<br>+35K"}
"""The mines' first values (rule ``1837:coal.mines``: A13 30/50, B32 20/50, …, P20 35/60)."""


def first_position(game, wanted) -> int:
    """The first position ``i`` of ``game`` where ``wanted(game.at(i))`` holds (it holds from there on)."""
    low, high = 0, len(game.actions)
    while low < high:
        mid = (low + high) // 2
        low, high = (low, mid) if wanted(game.at(mid)) else (mid + 1, high)
    return low


@pytest.fixture(scope="module")
def real():
    require_fixtures("1837")
    return import_log(fixtures_dir() / "1837" / "1837_game_end_bank.json").game


def test_a_fresh_game_notes_bosnia_italy_bozen_and_every_mine():
    notes = gamekit.new_game("1837", ["A", "B", "C"], seed=1).map_notes()
    assert notes == {**FRESH_MINES, "M19": "Bosnia closed<br>until phase 3",
                     "L4": "Italy leaves on<br>the first 4-train", "K5": "tile 426 on the<br>first 4-train"}


def test_bosnia_opens_with_phase_3_in_the_shipped_sample():
    """The sample of heuristic bots: its first 3-train (the CL's) brings phase 3 at action 415."""
    sample = gamekit.load_json(data_json("1837", "sample_game.json"))
    at = first_position(sample, lambda g: g.phase() != "2")
    assert at == 415 and sample.at(at).phase() == "3"
    assert sample.at(at - 1).map_notes()["M19"] == "Bosnia closed<br>until phase 3"
    assert sample.at(at).map_notes()["M19"] == "Bosnia open<br>(phase 3)"


def test_italy_leaves_and_the_mines_pay_their_second_value_in_the_real_game(real):
    italy = first_position(real, lambda g: "K5" not in g.map_notes())
    assert italy == 715 and real.at(italy).phase() == "4"  # the first 4-train
    before, after = real.at(italy - 1).map_notes(), real.at(italy).map_notes()
    assert before["L4"] == "Italy leaves on<br>the first 4-train" and before["K5"] == "tile 426 on the<br>first 4-train"
    assert after["L4"] == "Italy: out<br>of play" and real.at(italy).track_state()["tiles"]["K5"] == ("426-0", 2)
    five = first_position(real, lambda g: g.phase() == "5")
    assert five == 847
    assert real.at(five - 1).map_notes()["P20"] == "BB mine<br>+35K"
    notes = real.at(five).map_notes()
    assert (notes["P20"], notes["C21"]) == ("BB mine<br>+60K", "EKT mine<br>+45K")  # second values (T37-13)


def test_the_map_draws_every_note_and_stations_by_kind_with_a_key():
    game = gamekit.load_json(data_json("1837", "sample_game.json")).at(600)
    fig = map_figure(game)
    notes = next(d for d in fig.data if d.name == "note")
    assert sorted(notes.text) == sorted(game.map_notes().values())
    lines = {d.name: d.line for d in fig.data if d.name and d.name.endswith(" token")}
    kinds = {c.sym: c.kind for c in game.facts.corporations}
    assert {kinds[name.split()[0]] for name in lines} >= {"coal", "minor", "major"}
    for name, line in lines.items():
        assert (line.width, line.dash) == (STATION_SHAPES[kinds[name.split()[0]]][1]["width"],
                                           STATION_SHAPES[kinds[name.split()[0]]][1].get("dash"))
    key = [a.text for a in fig.layout.annotations]
    assert key == ["stations:", "coal company (its mine)", "minor", "major", "national railway"]
    assert len(fig.layout.shapes) == 4 and fig.layout.width == 1473  # hexes of 42.7 px: wider than 1100
    plain = map_figure(gamekit.new_game("1830", ["A", "B", "C"], seed=1))
    assert not plain.layout.annotations and plain.layout.width == 1100  # one kind: no key, the usual width


@pytest.mark.parametrize("tile", ["G17-0", "427-0", "436-0"])
def test_vienna_cities_stay_apart_and_inside_their_hex(tile):
    """Yellow Vienna's four cities, green 427's six, brown 436's four, drawn at the crowded slot size: no two
    slots overlap (one-slot cities are at least 2 px apart at the map's 36 px hexes: 0.05 hex sizes), none leaves
    the hex (its sides are √3/2 hex sizes from the centre)."""
    game = gamekit.new_game("1837", ["A", "B", "C"], seed=1)
    state = game.track_state()
    if tile != "G17-0":
        state["tiles"] = {**state["tiles"], "G17": (tile, 5 if tile == "436-0" else 0)}
    placed = placed_tile(game.track, Board(**state), "G17")
    stops = [s for key, s in stop_positions(game.track, placed, (0.0, 0.0), 1.0).items() if key[0] == "city"]
    assert len(stops) == {"G17-0": 4, "427-0": 6, "436-0": 4}[tile]
    assert {s.slot_radius for s in stops} == {CROWDED_SLOT_RADIUS}
    for i, a in enumerate(stops):
        assert math.hypot(a.x, a.y) + a.slot_radius <= math.sqrt(3) / 2 + 1e-9
        for b in stops[:i]:
            assert math.hypot(a.x - b.x, a.y - b.y) >= a.slot_radius + b.slot_radius
    single = [s for s, city in zip(stops, placed.parts.cities) if city.slots == 1]
    for i, a in enumerate(single):
        for b in single[:i]:
            assert math.hypot(a.x - b.x, a.y - b.y) - 2 * CROWDED_SLOT_RADIUS >= 0.05
