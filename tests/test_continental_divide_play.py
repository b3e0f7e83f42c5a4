"""Continental Divide: data files, rule ids, the protocol (save, load, undo, fork), random play and properties."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamekit
from gamekit.actions import action_from_json
from gamekit.cli import main as cli_main
from gamekit.cuberails.cd_actions import BuildTrack, BuyShare, ChooseOrder, StartRailroad
from gamekit.cuberails.cd_map import MapData, load_board
from gamekit.datafiles import data_json, load_model
from gamekit.errors import DataError, GameError
from gamekit.rng import GameRandom
from gamekit.rules import rule_text
from gamekit.simulate import play_random_game, random_action

from .test_continental_divide_support import assert_refused, build, new, snapshot, start

ROOT = Path(__file__).resolve().parent.parent
SOURCES = [ROOT / "gamekit/titles/continental_divide.py", ROOT / "gamekit/viz/continental_divide.py",
           *sorted((ROOT / "gamekit/cuberails").glob("cd_*.py"))]


# ----- rule ids ------------------------------------------------------------------------------------------
def test_every_rule_id_in_the_source_has_a_section():
    ids = set()
    for path in SOURCES:
        ids |= set(re.findall(r"[\"'`](cd:[a-z0-9.\-]*[a-z0-9])", path.read_text(encoding="utf-8")))
    assert len(ids) > 30
    missing = [i for i in sorted(ids) if _missing(i)]
    assert missing == []


def _missing(rule_id: str) -> bool:
    try:
        rule_text(rule_id)
    except KeyError:
        return True
    return False


def test_every_event_of_random_games_names_a_rule():
    for players, seed in ((3, 11), (6, 12)):
        g = play_random_game("continental-divide", players, seed)
        rules = {e.rule for e in g.setup_events} | {e.rule for _, evs in g.history() for e in evs}
        assert not [r for r in rules if _missing(r)]
        assert {"cd:stock.start", "cd:dividends", "cd:order", "cd:end", "cd:build.cost-income"} <= rules


# ----- data ----------------------------------------------------------------------------------------------
def test_the_map_is_labelled_approximate_and_complete():
    board = load_board()
    assert board.data.approximate is True and "APPROXIMATE TEACHING MAP" in board.data.note
    assert len(board.hexes) == 296
    assert sorted(board.start_hexes("Chicago")) == ["F40", "G39", "G41"]
    assert [board.port_hex(p) for p in ("Seattle", "Portland", "San Francisco", "Los Angeles", "San Diego")] == \
        ["B4", "C3", "J4", "M7", "N10"]
    # one connected map
    seen, todo = {"G39"}, ["G39"]
    while todo:
        for _, other in board.neighbours(todo.pop()):
            if other not in seen:
                seen.add(other)
                todo.append(other)
    assert len(seen) == len(board.hexes)


def test_regions_and_divide_run_north_to_south_in_order():
    board = load_board()
    order = {"west": 0, "central": 1, "east": 2}
    for h in board.hexes.values():
        for d, other in board.neighbours(h.coord):
            o = board.hexes[other]
            if d == 4:  # the neighbour to the east is never in a region further west, nor across the Divide
                assert order[o.region] >= order[h.region]
                assert not (o.west_of_divide and not h.west_of_divide)
    assert all(h.region != "east" for h in board.hexes.values() if h.west_of_divide)
    assert all(h.region == "east" for h in board.hexes.values() if h.start_city)


def test_a_malformed_map_names_the_place():
    raw = copy.deepcopy(data_json("continental_divide", "map.json"))
    raw["hexes"] = [h for h in raw["hexes"] if h["coord"] != "F40"]
    with pytest.raises(DataError, match="Chicago has 2 hexes"):
        load_model(MapData, raw, "map.json")
    raw = copy.deepcopy(data_json("continental_divide", "map.json"))
    raw["hexes"][0]["cost"] = -1
    with pytest.raises(DataError, match=r"map.json: hexes\.0\.cost"):
        load_model(MapData, raw, "map.json")
    raw = copy.deepcopy(data_json("continental_divide", "map.json"))
    raw["hexes"][0]["coord"] = "A2"
    with pytest.raises(DataError, match="not on the pointy grid"):
        load_model(MapData, raw, "map.json")


# ----- the protocol --------------------------------------------------------------------------------------
ACTIONS = [
    StartRailroad(entity="Ann", railroad="UP", hex="G39", shares=5, stock_value=20),
    BuyShare(entity="Ben", railroad="UP", price=23),
    BuildTrack(entity="Ann", railroad="UP", origin="G39", hexes=("G37", "G35")),
    ChooseOrder(entity="Di", position=1),
]


@pytest.mark.parametrize("action", ACTIONS, ids=lambda a: a.type)
def test_action_json_round_trip_and_sentence(action):
    again = action_from_json(json.loads(json.dumps(action.to_json())))
    assert again == action and again.type.startswith("cd_")
    assert action.entity in action.sentence()


def test_save_load_undo_redo_fork():
    g = new()
    start(g, "UP", "G39", value=20)
    build(g, "UP", "G39", "G37", "G35")  # UP's one line: Ann's turn ends by itself
    assert g.current_entity == "Ben"
    loaded = gamekit.load_json(g.to_json())
    assert snapshot(loaded) == snapshot(g)
    before = snapshot(g)
    h = g.fork()
    h.process(BuyShare(entity="Ben", railroad="UP", price=30))
    assert snapshot(g) == before and h.state.railroads["UP"].treasury == 20 - 4 + 30
    g.undo()
    assert (g.current_entity, g.state.phase, g.state.railroads["UP"].hexes) == ("Ann", "build", ["G39"])
    g.redo()
    assert g.state.railroads["UP"].hexes == ["G39", "G37", "G35"] and snapshot(g) == before


def test_new_game_by_name_and_options():
    g = gamekit.new_game("continental-divide", ["A", "B", "C"], seed=2, options=["one-line-per-turn"])
    assert g.options == ("one-line-per-turn",)
    with pytest.raises(GameError) as info:
        gamekit.new_game("continental-divide", ["A", "B", "C"], options=["no-such-option"])
    assert info.value.rule == "cd:setup"


# ----- random play ---------------------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_cli_simulate_ten_games_finish(players, capsys):
    status = cli_main(["simulate", "continental-divide", "--players", str(players), "--games", "10",
                       "--seed", "1", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert status == 0
    assert report["finished"] == 10 and report["errors"] == [] and report["end_reasons"] == {"turns": 10}
    assert report["mean_actions"] < 300


def _money(g) -> int:
    return sum(g.state.cash.values()) + sum(rr.treasury for rr in g.state.railroads.values())


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(3, 6))
def test_money_is_conserved_apart_from_dividends_and_building(seed, players):
    """Random legal play: cash + treasuries change only by dividends (bank pays) and build costs (bank takes)."""
    g = gamekit.new_game("continental-divide", [f"P{i}" for i in range(players)], seed=seed)
    rng = GameRandom(seed)
    start_money = _money(g)
    flow = 0
    while not g.is_over:
        for e in g.process(random_action(g, rng)):
            if e.kind == "dividend":
                flow += sum(e.data["players"].values()) + e.data["kept"]
            elif e.kind == "build":
                flow -= e.data["cost"]
        assert all(v >= 0 for v in g.state.cash.values())
        assert all(rr.treasury >= 0 and rr.cubes >= 0 for rr in g.state.railroads.values())
    assert _money(g) == start_money + flow
    assert len(g.state.records) == 8


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), stop=st.integers(0, 120))
def test_illegal_actions_leave_the_game_unchanged(seed, stop):
    """At a random position, a too-low price, a wrong player and a bent line are refused without a trace."""
    g = gamekit.new_game("continental-divide", ["A", "B", "C", "D"], seed=seed)
    rng = GameRandom(seed + 1)
    while not g.is_over and len(g.actions) < stop:
        g.process(random_action(g, rng))
    if g.is_over:
        return
    wrong = next(p.id for p in g.players if p.id != g.current_entity)
    assert_refused(g, g.legal_actions()[0].replace(entity=wrong), "cd:turn")
    for r in g.action_ranges():
        if r.field == "price":
            assert_refused(g, r.template.replace(price=r.low - 1), "cd:stock.minimum-price")
    for a in g.legal_actions():
        if isinstance(a, BuildTrack):
            far = a.hexes[-1]
            bent = [o for _, o in g.board.neighbours(far) if g.board.direction(a.origin, a.hexes[0]) !=
                    g.board.direction(far, o) and o not in a.hexes and o != a.origin]
            if bent:
                bad = a.replace(hexes=a.hexes + (bent[0],))
                with pytest.raises(GameError):
                    before = snapshot(g)
                    g.process(bad)
                assert snapshot(g) == before
            break
