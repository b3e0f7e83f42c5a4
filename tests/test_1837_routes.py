"""1837's routes against the real game of 18xx.games and the route examples T37-7 … T37-16 of the editions notes.

The board before each logged ``run_routes`` is rebuilt from the reference state line before it (the tiles that
differ from the printed map, every corporation's token cities, the phase, the running corporation's trains), as
``tests/test_tracks_fixtures.py`` does for 1830. On it: every logged route is legal for us and earns exactly the
logged revenue and mine subsidy; our best routes are proved optimal and earn at least as much; the brute-force
oracle of ``tests/test_router_oracle.py`` agrees on small positions for each train kind. The examples use the
same real boards, trains from ``data/1837/game.json`` and the title's hooks (:class:`Rules1837`).
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import pytest

from gamekit.errors import GameError
from gamekit.import18xx import filter_actions
from gamekit.routes import as_dict
from gamekit.tracks.board import Board, find_city, new_board
from gamekit.tracks.facts import title_facts
from gamekit.tracks.graph import reach
from gamekit.tracks.mapdata import load_track_data
from gamekit.tracks.router import Position, find_best_routes
from gamekit.tracks.routes import DistanceRow, Route, Train, _best_payment, route_from_log, run_routes
from gamekit.titles.g1837.routes import Rules1837

from .fixtures import each_log, fixture_logs, fixture_paths, reference_states
from .test_router_oracle import oracle

DATA = load_track_data("1837")
FACTS = title_facts("1837")
RULES = Rules1837.of(DATA, FACTS)
PHASE_COLOURS = {p.name: tuple(p.tiles) for p in FACTS.phases}
LOGS = fixture_paths("1837")
UNLIMITED = 10**6


def train(train_id: str) -> Train:
    """A train as routes see it, from its type's distance in ``data/1837/game.json`` (``"1G-0"`` → 1G)."""
    facts = next(t for t in FACTS.trains if t.name == train_id.rpartition("-")[0])
    if not isinstance(facts.distance, tuple):
        return Train.counting_all(train_id, facts.distance)
    return Train(train_id, facts.name, tuple(DistanceRow(frozenset(r.nodes), UNLIMITED if r.visit is None else r.visit,
                                                         UNLIMITED if r.pay is None else r.pay) for r in facts.distance))


def board_from_state(state: dict) -> Board:
    """Our board from a reference state line: its tiles and every corporation's token cities (what routes read)."""
    board = new_board(DATA)
    for coord, placed in state["tiles"].items():
        tile_id, rotation = placed.split("@")
        board.tiles[coord] = (tile_id, int(rotation))
        board.tokens[coord] = [[None] * c.slots for c in DATA.tiles[DATA.tile_name(tile_id)].cities]
    for corp in state["corporations"]:
        for cid in corp["tokens"]:
            if cid and cid != "used":
                coord, city = find_city(DATA, board, cid)
                slots = board.tokens[coord][city]
                slots[slots.index(None)] = corp["id"]
    return board


def logged_runs(log: Path):
    """Yield ``(log action id, run_routes entry, reference state before it)`` for every surviving logged run (also
    those among an action's ``auto_actions``)."""
    actions = filter_actions(json.loads(log.read_text())["actions"])
    states = reference_states(log)
    assert len(states) == len(actions) + 1
    for action, before in zip(actions, states):
        for entry in [action] + list(action.get("auto_actions") or []):
            if entry["type"] == "run_routes":
                yield action["id"], entry, before


def position(entry: dict, state: dict, trains: list[str] | None = None) -> Position:
    """The router's position for a logged run: its board, its corporation with its trains then (or ``trains``)."""
    corp = entry["entity"]
    owned = next(c["trains"] for c in state["corporations"] if c["id"] == corp) if trains is None else trains
    return Position(DATA, board_from_state(state), corp, {t: train(t) for t in owned},
                    PHASE_COLOURS[state["phase"]], RULES)


@lru_cache(maxsize=1)
def states_before() -> dict[int, dict]:
    """Log action id → the reference state before it, for every surviving action of the real game."""
    (log,) = fixture_logs("1837")
    actions = filter_actions(json.loads(log.read_text())["actions"])
    return {action["id"]: state for action, state in zip(actions, reference_states(log))}


@lru_cache(maxsize=1)
def real_game() -> dict[int, tuple[dict, dict]]:
    """Log action id → (its run_routes entry, the state before it) of the real game (first run of an action)."""
    (log,) = fixture_logs("1837")
    out: dict[int, tuple[dict, dict]] = {}
    for action_id, entry, before in logged_runs(log):
        out.setdefault(action_id, (entry, before))
    return out


def logged_route(pos: Position, train_id: str, connections) -> Route:
    return route_from_log(pos.data, pos.board, train_id, connections)


def run(pos: Position, routes: list[Route]):
    return run_routes(pos.data, pos.board, pos.corporation, routes, pos.trains, pos.phase_colours, rules=pos.rules)


# ----- the real game -------------------------------------------------------------------------------------------
@each_log(LOGS)
def test_every_logged_route_is_legal_and_earns_the_logged_revenue_and_subsidy(log: Path):
    runs = routes = subsidies = 0
    for _action_id, entry, before in logged_runs(log):
        pos = position(entry, before)
        ours = [logged_route(pos, r["train"], r["connections"]) for r in entry["routes"]]
        result = run_routes(pos.data, pos.board, pos.corporation, ours, pos.trains, pos.phase_colours,
                            rules=RULES, claimed=[r["revenue"] for r in entry["routes"]])
        assert result.subsidy == entry["subsidy"]
        for logged, checked in zip(entry["routes"], result.routes):
            assert sorted(s.node_id for s in checked.stops) == sorted(logged["nodes"])
        runs += 1
        routes += len(ours)
        subsidies += result.subsidy
    assert (runs, routes, subsidies) == (209, 263, 2790)


# runs where the best set earns more than the players' one: action id → ((revenue, subsidy) logged, ours)
BETTER = {598: ((60, 0), (100, 0)), 867: ((60, 0), (80, 0)), 1106: ((280, 50), (290, 60)), 1133: ((330, 0), (340, 0))}


@each_log(LOGS)
def test_best_routes_are_proved_and_earn_at_least_the_logged_run(log: Path):
    better = {}
    kinds = set()
    for action_id, entry, before in logged_runs(log):
        pos = position(entry, before)
        best = find_best_routes(pos)
        assert best.proved_optimal, action_id
        logged = (sum(r["revenue"] for r in entry["routes"]), entry["subsidy"])
        ours = (best.total, best.run.subsidy)
        # more money earned, or as much and no less revenue; here never less of either
        assert ours[0] >= logged[0] and ours[1] >= logged[1], action_id
        if ours != logged:
            better[action_id] = (logged, ours)
        kinds |= {train_kind(t) for t in pos.trains.values()}
    assert better == BETTER
    assert kinds == {"goods", "express", "plus", "normal"}


def train_kind(t: Train) -> str:
    if t.name in RULES.goods:
        return "goods"
    if t.name in RULES.express:
        return "express"
    return "plus" if "+" in t.name else "normal"


@pytest.mark.parametrize("action_id, trains, expected", [
    (229, ["1G-0"], (20, 20)),              # EPP's first run: a goods train from its mine
    (631, ["2G-1"], (60, 20)),              # MLB's 2G in phase 3+1
    (695, ["2G-3", "3+1-0"], (120, 35)),    # BH: a goods and a plus train together
    (250, ["2-0"], (60, 0)),                # SD1's 2-train
    (643, ["3-2"], (120, 0)),               # SD1's 3-train in phase 3+1
    (643, ["3+1-0"], (120, 0)),             # the same board with a plus train
    (643, ["4E-0"], (140, 0)),              # ... and with the 4E
])
def test_router_equals_brute_force_for_each_train_kind(action_id, trains, expected):
    entry, before = real_game()[action_id]
    pos = position(entry, before, trains)
    answer = oracle(pos.board, pos.corporation, dict(pos.trains), pos.phase_colours, DATA, RULES, subsidy=True)
    best = find_best_routes(pos)
    assert best.proved_optimal
    assert answer == (best.total, best.run.subsidy) == expected


def test_a_tie_in_money_goes_to_revenue():
    # GT at action 863: 3G + 3+1 earn 300 either as 270 revenue + 30 subsidy or as 280 + 20 (the players' run);
    # the router takes the one with more revenue
    entry, before = real_game()[863]
    best = find_best_routes(position(entry, before))
    assert (best.total, best.run.subsidy) == (280, 20)


# ----- the examples of editions.md §3.1 --------------------------------------------------------------------------
def test_t37_7_a_3_train_counts_three_stops():
    # KK at action 1071: its 4-train ran Vienna - Pressburg - Budapest - Debrecen (G17-G19-H22-H30) for 240; a
    # 3-train may run the first three of those stops, not the fourth
    entry, before = real_game()[1071]
    pos = position(entry, before, ["3-9"])
    three = logged_route(pos, "3-9", [["G17", "G19"], ["G19", "G21", "H22"]])
    assert [(s.node_id, s.revenue) for s in run(pos, [three]).routes[0].stops] == [
        ("G17-8", 80), ("G19-0", 50), ("H22-0", 70)]
    four = logged_route(pos, "3-9", entry["routes"][0]["connections"])
    with pytest.raises(GameError) as refused:
        run(pos, [four])
    assert refused.value.rule == "1837:route.distance"


def test_t37_8_an_express_counts_cities_only():
    # 4E on city 40 - town 10 - city 30 - town 10 - city 20: three of its four places, towns unpaid: 90
    express = train("4E-0")
    kinds, values = ["city", "town", "city", "town", "city"], [40, 10, 30, 10, 20]
    paid = _best_payment(kinds, values, express.distance)
    assert sum(v for v, p in zip(values, paid) if p) == 90 and paid == [True, False, True, False, True]
    # five cities are one too many
    assert _best_payment(["city"] * 5, [10] * 5, express.distance) is None


def test_t37_8_the_real_4e_passes_its_towns_unpaid():
    # BH's 4E at action 944: G17-I15-J16-K17-M13-N14-O17 for 190, the towns earning nothing
    entry, before = real_game()[944]
    pos = position(entry, before)
    (route,) = [logged_route(pos, r["train"], r["connections"]) for r in entry["routes"] if r["train"] == "4E-0"]
    stops = run(pos, [route]).routes[0].stops
    assert sum(s.revenue for s in stops) == 190
    assert {s.revenue for s in stops if s.kind == "town"} == {0}
    assert sum(1 for s in stops if s.kind == "city") == 4


def test_t37_9_goods_trains_and_mines():
    # legal: LRB's 1G at action 350, mine L30 + towns + one city (Budapest): 80, the mine's 25 as subsidy
    entry, before = real_game()[350]
    pos = position(entry, before)
    result = run(pos, [logged_route(pos, "1G-7", entry["routes"][0]["connections"])])
    assert (result.total, result.subsidy) == (80, 25)
    # a 1G with two cities: UG's 2G route at action 911 (mine L30, Fünfkirchen K21, Budapest H22)
    entry, before = real_game()[911]
    pos = position(entry, before, ["1G-9"])
    with pytest.raises(GameError) as refused:
        run(pos, [logged_route(pos, "1G-9", entry["routes"][0]["connections"])])
    assert refused.value.rule == "1837:route.distance"
    # a route with two mines: TR at action 1140 from mine K31 over J34 and J36 to mine K33
    entry, before = real_game()[1140]
    tr = Position(DATA, board_from_state(before), "TR", {"3G-1": train("3G-1")}, PHASE_COLOURS["5"], RULES)
    two_mines = logged_route(tr, "3G-1", [["K31", "J30", "I31", "I33", "J34"], ["J34", "I35", "J36"],
                                          ["J36", "J34", "K33"]])
    with pytest.raises(GameError) as refused:
        run(tr, [two_mines])
    assert refused.value.rule == "1837:route.goods"
    # a passenger train entering a mine: BK's 4G route of action 1140 run by a 5-train
    pos = position(entry, before, ["5-1"])
    with pytest.raises(GameError) as refused:
        run(pos, [logged_route(pos, "5-1", entry["routes"][0]["connections"])])
    assert refused.value.rule == "1837:route.goods"


def test_t37_10_and_11_the_mine_pays_the_treasury_not_the_route():
    # T37-10: EPP's 1G E11-D10-B8 in phase 2: towns 10 + 10, the mine E11 20 as subsidy
    entry, before = real_game()[229]
    pos = position(entry, before)
    result = run(pos, [logged_route(pos, "1G-0", entry["routes"][0]["connections"])])
    assert (result.total, result.subsidy) == (20, 20)
    assert [(s.node_id, s.revenue) for s in result.routes[0].stops] == [("E11-0", 0), ("D10-0", 10), ("B8-0", 10)]
    # the router's summary (``gamekit routes``) keeps the subsidy apart too
    summary = as_dict(find_best_routes(pos))
    assert (summary["total"], summary["subsidy"], summary["routes"][0]["subsidy"]) == (20, 20, 20)
    # T37-11: UG3's 1G L30-K29-L24-J24-I23-H22-I21 in phase 3+1: five towns 10 and green Budapest 50, mine 25
    entry, before = real_game()[679]
    pos = position(entry, before)
    goods = next(r for r in entry["routes"] if r["train"] == "1G-2")
    result = run(pos, [logged_route(pos, "1G-2", goods["connections"])])
    assert (result.total, result.subsidy, before["phase"]) == (100, 25, "3+1")


def test_t37_12_buda_and_pest_count_on_green_not_on_brown():
    # UG1's 2-train at action 591: Buda to Pest on the green 425 in H22, 50 + 50
    entry, before = real_game()[591]
    pos = position(entry, before)
    assert pos.board.tiles["H22"][0].startswith("425")
    assert run(pos, [logged_route(pos, "2-8", [["H22"]])]).total == 100
    # on the brown 435 (action 1140) Budapest is one city: no such route
    entry, before = real_game()[1140]
    late = position(entry, before, ["2-8"])
    assert late.board.tiles["H22"][0].startswith("435")
    with pytest.raises(GameError) as refused:
        logged_route(late, "2-8", [["H22"]])
    assert refused.value.rule == "1837:route.track"


@pytest.mark.parametrize("action_id, mine, phase_values", [
    (237, "C21", (25, 45)),   # EKT's mine
    (246, "P20", (35, 60)),   # BB's mine
])
def test_t37_13_mine_values_by_phase(action_id, mine, phase_values):
    entry, before = real_game()[action_id]
    pos = position(entry, before)
    route = logged_route(pos, entry["routes"][0]["train"], entry["routes"][0]["connections"])
    assert route.stops[0][0] == mine or route.stops[-1][0] == mine
    by_phase = {name: RULES.subsidy(DATA, pos.board, pos.corporation, route, colours)
                for name, colours in PHASE_COLOURS.items()}
    assert by_phase == {"2": phase_values[0], "3": phase_values[0], "3+1": phase_values[0], "4": phase_values[0],
                        "5": phase_values[1]}


def test_t37_16_vienna_once_per_route():
    # before action 1092: CL's 5E leaves Vienna's city 4 over F16 and F18 to Pressburg (G19), whose track runs back
    # into Vienna's city 8; the same route turned back into Vienna there is refused
    entry, before = real_game()[1092]
    pos = position(entry, before)
    connections = entry["routes"][0]["connections"]
    assert run(pos, [logged_route(pos, "5E-0", connections)]).total == 300
    loop = logged_route(pos, "5E-0", [["G19", "G17"]] + [chain[::-1] for chain in connections[2::-1]])
    assert [s for s in loop.stops if s[0] == "G17"] == [("G17", "city", 3), ("G17", "city", 2)]
    with pytest.raises(GameError) as refused:
        run(pos, [loop])
    assert refused.value.rule == "1837:route.group"


# ----- D4: tracing a new token's connection ----------------------------------------------------------------------
def test_d4_token_tracing_reverses_once_in_the_first_edition_and_freely_in_the_second():
    # SD before action 973: Pressburg (G19) and Raab (H20, its second city) are reached only by turning back
    # twice; the mine F26 by turning back once; a train (no reversal) reaches neither
    board = board_from_state(states_before()[973])
    first, second = Rules1837.of(DATA, FACTS, "1st"), Rules1837.of(DATA, FACTS, "2nd")
    assert (first.token_reversals, second.token_reversals) == (1, None)
    train_reach = set(reach(DATA, board, "SD").cities())
    once = set(reach(DATA, board, "SD", first.token_reversals).cities())
    freely = set(reach(DATA, board, "SD", second.token_reversals).cities())
    assert once - train_reach == {("F26", 0)}
    assert freely - once == {("G19", 0), ("H20", 1)}


# ----- a walk that may not reverse is a trail: no loop brings it back onto its own track --------------------------
def looped_board() -> Board:
    """RGTE's mine A13 and a loop beside it, laid tile by tile as the cross-check's random game (4 players, seed
    401) had them before its action 822: A13 leaves by edge 0 into B12, where the gentle curve 8 joins edges 3 and
    5; C13 (sharp curve 7, edges 2-3) and B14 (7, edges 0-1) lead round and back into B12 by its edge 4, where B12
    has no track."""
    from gamekit.tracks.lay import lay_tile
    from gamekit.tracks.tokens import place_token

    board = new_board(DATA)
    place_token(DATA, board, "RGTE", "A13", 0, needs_connection=False)
    for coord, tile, rotation in (("B12", "8-3", 3), ("C13", "7-6", 2), ("B14", "7-7", 0)):
        lay_tile(DATA, board, "RGTE", coord, tile, rotation, phase_colours=("yellow",))
    return board


def test_a_walk_does_not_come_back_over_a_hex_edge_it_crossed():
    """Rules ``1837:track.usable``, ``1830:track.connect``. RGTE's walk goes A13 → B12 (edges 3 → 5) → C13 → B14
    and reaches B12's edge 4 again; a train entering B12 there could only leave by new track, and on 28 (laid at
    rotation 5: edges 5-3, the curve kept, and 5-4, new) the new track leads out by edge 5, which the walk crossed
    on its way: a train would run back along its own track. 18xx.games refuses that upgrade ("Must use new track or
    change city value", the cross-check's first divergence of that game), and so do we: the arrival by edge 4
    counts only as a loop (``looped``), while 16 at rotation 2, whose new track from edge 4 leaves by edge 0, is
    usable."""
    from gamekit.titles.g1837.game import Game1837
    from gamekit.tracks.lay import check_lay
    import gamekit

    board = looped_board()
    walk = reach(DATA, board, "RGTE")
    assert walk.arrivals["B12"] == {3} and walk.looped == {"B12"}
    assert sorted(walk.paths) == [("A13", 0), ("B12", 0), ("B14", 0), ("C13", 0)]
    assert 4 in reach(DATA, board, "RGTE", None).arrivals["B12"]  # reversing freely, as tokens are traced
    game = gamekit.new_game("1837", ["Ann", "Ben", "Cy"])
    assert isinstance(game, Game1837)
    rules = dict(phase_colours=("yellow", "green"), upgrades=game.upgrade_rules)
    with pytest.raises(GameError) as refused:
        check_lay(DATA, board, "RGTE", "B12", "28-0", 5, **rules)
    assert refused.value.rule == "1837:track.usable"
    check_lay(DATA, board, "RGTE", "B12", "16-0", 2, **rules)


def test_brown_vienna_has_one_position():
    """Rule ``1837:track.lay``: the brown Vienna tile 436 is laid at rotation 5 only. In the real game
    ``1837_game_end_bank`` MS lays it on G17 at action 848; there the listed lays of 436 are that one position,
    and the same lay turned to rotation 2 is refused by that rule, the game unchanged."""
    import gamekit
    from gamekit.import18xx import import_log

    from .fixtures import fixtures_dir, require_fixtures

    require_fixtures("1837")
    game = import_log(fixtures_dir() / "1837" / "1837_game_end_bank.json").game.at(848)
    lays = {(a.hex, a.rotation) for a in game.legal_actions() if a.type == "lay_tile" and a.tile.startswith("436")}
    assert lays == {("G17", 5)}
    before = game.to_json()
    turned = gamekit.tracks.actions.LayTile(entity="MS", hex="G17", tile="436-0", rotation=2)
    with pytest.raises(GameError) as refused:
        game.process(turned)
    assert refused.value.rule == "1837:track.lay" and "only be laid at rotation 5" in str(refused.value)
    assert game.to_json() == before


def test_green_vienna_any_position_keeps_brown_vienna_possible():
    """Rules ``1837:track.lay`` and ``1837:national.kk-vienna``: 427 on Vienna may be laid at any of six rotations,
    since stations stay on the hex side they face, and the brown 436 at its one position (5) then joins the KK's
    stations (on sides 1, 2, 3) into its three-track city whichever rotation 427 had. Built from the real game
    ``1837_game_end_bank`` where SD1 lays 427 on G17 (18xx.games action 566). 18xx.games' refusal "427 is not
    legally rotated for 436" in earlier cross-check runs named the old tile but refused 436 laid at a rotation
    other than 5 (fixed by ``TileDef.rotations``); with that fix those games agree to the end."""
    from gamekit.import18xx import import_log
    from gamekit.tracks.lay import _trial_board, check_lay, lay_tile

    from .fixtures import fixtures_dir, require_fixtures

    require_fixtures("1837")
    full = import_log(fixtures_dir() / "1837" / "1837_game_end_bank.json").game
    at = next(i for i, a in enumerate(full.actions) if a.type == "lay_tile" and a.tile.startswith("427"))
    game = full.at(at)
    rotations = sorted(a.rotation for a in game.legal_actions()
                       if a.type == "lay_tile" and a.hex == "G17" and a.tile.startswith("427"))
    assert rotations == [0, 1, 2, 3, 4, 5]
    data = game.track
    for rotation in rotations:
        board = _trial_board(game.state.board)
        lay_tile(data, board, "SD1", "G17", "427-0", rotation, phase_colours=("yellow", "green"),
                 ignore_connection=True)
        brown = ("yellow", "green", "brown")
        check_lay(data, board, "SD1", "G17", "436-0", 5, phase_colours=brown, ignore_connection=True)
        lay_tile(data, board, "SD1", "G17", "436-0", 5, phase_colours=brown, ignore_connection=True)
        # 436's city 2 is the one with track leading away in three directions (tiles.json: e2, e3, e4)
        # 436's city 2 is the one with track leading away in three directions (tiles.json: e2, e3, e4, turned
        # to the sides 1, 2, 3 the KK minors' stations face); SD1 keeps its own city on side 0 (436's city 1)
        tokens = board.tokens["G17"]
        assert tokens[1] == ["SD1"] and tokens[2][0] in ("KK1", "KK2", "KK3"), (rotation, tokens)
        assert tokens[0] == tokens[3] == [None], (rotation, tokens)
