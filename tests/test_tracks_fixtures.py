"""The track rules against real 1830 games of 18xx.games: every surviving tile lay, token and route is legal for
us, costs what the reference engine charged, and earns exactly the logged revenue; ``legal_lays`` offers every
lay a corporation made.

The board before each action is rebuilt from the reference state line before it (tiles that differ from the
printed map, corporations' token cities, phase); after applying the action with our functions the board must
equal the next reference state (tiles and token cities).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path


from gamekit.import18xx import filter_actions
from gamekit.tracks.board import Board, city_id, find_city, new_board, placed_tile, rotated_paths, turn_paths
from gamekit.tracks.facts import title_facts
from gamekit.tracks.lay import lay_tile, legal_lays
from gamekit.tracks.mapdata import load_track_data
from gamekit.tracks.routes import Train, route_from_log, run_routes
from gamekit.tracks.tokens import place_token

from .fixtures import each_log, fixture_paths, reference_states

DATA = load_track_data("1830")
FACTS = title_facts("1830")
PHASE_COLOURS = {p.name: tuple(p.tiles) for p in FACTS.phases}
LOGS = fixture_paths("1830")


def board_from_state(state: dict) -> Board:
    """Rebuild our board from a reference state line (tiles, token cities, home reservations still open)."""
    board = new_board(DATA)
    for coord, placed in state["tiles"].items():
        tile_id, rotation = placed.split("@")
        board.tiles[coord] = (tile_id, int(rotation))
        cities = DATA.tiles[DATA.tile_name(tile_id)].cities
        board.tokens[coord] = [[None] * c.slots for c in cities]
        board.reservations[coord] = [[None] * c.slots for c in cities]
    for slots_by_city in board.reservations.values():
        for slots in slots_by_city:
            slots[:] = [None] * len(slots)
    board.hex_reservations.clear()
    for corp in state["corporations"]:
        if corp["tokens"] and corp["tokens"][0] is None:
            _reserve_home(board, corp["id"])
    for corp in state["corporations"]:
        for cid in corp["tokens"]:
            if cid and cid != "used":
                coord, city = find_city(DATA, board, cid)
                slots = board.tokens[coord][city]
                reserved = board.reservations[coord][city]
                free = [i for i, t in enumerate(slots) if t is None and reserved[i] in (None, corp["id"])]
                slots[free[0]] = corp["id"]
    return board


def _reserve_home(board: Board, corp: str) -> None:
    home = FACTS.corporation(corp).home
    printed = DATA.hexes[home]
    if corp in printed.reserved_by:
        board.hex_reservations.setdefault(home, []).append(corp)
        return
    (index,) = [i for i, c in enumerate(printed.cities) if corp in c.reserved]
    printed_exits = {b[1] for a, b in printed.parsed_paths if a == ("city", index) and b[0] == "edge"}
    printed_exits |= {a[1] for a, b in printed.parsed_paths if b == ("city", index) and a[0] == "edge"}
    paths = rotated_paths(DATA, placed_tile(DATA, board, home))
    for i in range(len(board.reservations[home])):
        city_exits = {e for p in paths if ("city", i) in p for kind, e in p if kind == "edge"}
        if printed_exits <= city_exits:
            board.reservations[home][i][0] = corp
            return
    raise AssertionError(f"no city for {corp}'s home on {home}")


def token_cities(board: Board) -> Counter:
    """(corporation, 18xx.games city id) of every token on our board."""
    return Counter((corp, city_id(DATA, board, coord, i)) for coord, cities in board.tokens.items()
                   for i, slots in enumerate(cities) for corp in slots if corp)


def reference_token_cities(state: dict) -> Counter:
    return Counter((c["id"], cid) for c in state["corporations"] for cid in c["tokens"] if cid and cid != "used")


def corporation(state: dict, corp: str) -> dict:
    return next(c for c in state["corporations"] if c["id"] == corp)


def owner_of(state: dict, company: str) -> str:
    return next(c["id"] for c in state["corporations"] if company in c["companies"])


def blocked_hexes(state: dict) -> set[str]:
    """Hexes blocked by private companies that players own (1830: every private blocks its hex)."""
    owned = {c for p in state["players"] for c in p["companies"]}
    return {coord for coord, h in DATA.hexes.items() if owned & set(h.blocked_by)}


def steps(log: Path):
    """Yield (action, state before, state after) for every surviving action of a log."""
    actions = filter_actions(json.loads(log.read_text())["actions"])
    states = reference_states(log)
    assert len(states) == len(actions) + 1
    for k, action in enumerate(actions):
        assert states[k + 1]["action_id"] == action["id"]
        yield action, states[k], states[k + 1]


def logged_lay_is_listed(board: Board, corp: str, action: dict, before: dict) -> bool:
    """Whether legal_lays offers the logged lay (same hex and tile name, a rotation giving the same track)."""
    name = DATA.tile_name(action["tile"])

    def shape(rotation: int) -> frozenset:
        return frozenset(frozenset(p) for p in turn_paths(DATA.tiles[name], rotation))

    return any(coord == action["hex"] and DATA.tile_name(tile) == name and shape(r) == shape(action["rotation"])
               for coord, tile, r, _ in legal_lays(DATA, board, corp, phase_colours=PHASE_COLOURS[before["phase"]],
                                                   cash=corporation(before, corp)["cash"],
                                                   blocked_hexes=blocked_hexes(before)))


def lay_options(action: dict, before: dict) -> tuple[str, dict]:
    """The laying corporation and the check_lay options for a logged lay (private companies: no connection)."""
    if action["entity_type"] == "company":
        return owner_of(before, action["entity"]), {"ignore_connection": True}
    return action["entity"], {}


@each_log(LOGS)
def test_every_logged_tile_lay_is_legal_and_costs_the_terrain(log: Path):
    checked = 0
    for action, before, after in steps(log):
        if action["type"] != "lay_tile":
            continue
        corp, options = lay_options(action, before)
        board = board_from_state(before)
        cash_before = corporation(before, corp)["cash"]
        if not options:
            assert logged_lay_is_listed(board, corp, action, before), action
        result = lay_tile(DATA, board, corp, action["hex"], action["tile"], action["rotation"],
                          phase_colours=PHASE_COLOURS[before["phase"]], cash=cash_before,
                          blocked_hexes=blocked_hexes(before), **options)
        assert result.cost == cash_before - corporation(after, corp)["cash"], action
        assert {h: f"{t}@{r}" for h, (t, r) in board.tiles.items()} == after["tiles"], action
        assert token_cities(board) == reference_token_cities(after), action
        checked += 1
    assert checked == EXPECTED[log.stem]["lays"]


@each_log(LOGS)
def test_every_logged_token_is_legal_and_costs_its_price(log: Path):
    checked = homes = 0
    for action, before, after in steps(log):
        board = board_from_state(before)
        if action["type"] == "place_token":
            corp = action.get("tokener") or action["entity"]
            teleport = action["entity_type"] == "company"
            coord, city = find_city(DATA, board, action["city"])
            placed = sum(1 for t in corporation(before, corp)["tokens"] if t)
            # a token lifted by a tile lay on the home hex (1830 E11) comes back free, without connection
            relaid = coord == FACTS.corporation(corp).home and not any(corp in s for s in board.tokens[coord])
            price = 0 if teleport or relaid else FACTS.corporation(corp).tokens[placed]
            cash = corporation(before, corp)["cash"]
            place_token(DATA, board, corp, coord, city, cost=price, cash=cash, slot=action["slot"],
                        needs_connection=not (teleport or relaid))
            assert price == cash - corporation(after, corp)["cash"], action
            assert token_cities(board) == reference_token_cities(after), action
            checked += 1
        elif action["type"] != "lay_tile":
            # home tokens are placed by the engine without a logged action
            new = reference_token_cities(after) - reference_token_cities(before)
            for corp, cid in new:
                coord, city = find_city(DATA, board, cid)
                place_token(DATA, board, corp, coord, city, needs_connection=False)
                homes += 1
                assert coord == FACTS.corporation(corp).home
            assert token_cities(board) == reference_token_cities(after), action
    assert (checked, homes) == (EXPECTED[log.stem]["tokens"], EXPECTED[log.stem]["homes"])


@each_log(LOGS)
def test_every_logged_route_is_legal_and_earns_the_logged_revenue(log: Path):
    runs = routes = 0
    for action, before, _after in steps(log):
        if action["type"] != "run_routes":
            continue
        board = board_from_state(before)
        corp = action["entity"]
        trains = {t: Train.counting_all(t, FACTS.train(t.rpartition("-")[0]).distance)
                  for t in corporation(before, corp)["trains"]}
        ours = [route_from_log(DATA, board, r["train"], r["connections"]) for r in action["routes"]]
        result = run_routes(DATA, board, corp, ours, trains, PHASE_COLOURS[before["phase"]],
                            claimed=[r["revenue"] for r in action["routes"]])
        for logged, checked in zip(action["routes"], result.routes):
            if "nodes" in logged:
                assert sorted(s.node_id for s in checked.stops) == sorted(logged["nodes"])
            assert sorted(s.node[0] for s in checked.stops) == sorted(logged["hexes"])
        runs += 1
        routes += len(ours)
    assert (runs, routes) == (EXPECTED[log.stem]["runs"], EXPECTED[log.stem]["routes"])


# surviving actions of each log (undo/redo resolved): tile lays, logged tokens, home tokens placed by the engine,
# run_routes actions and routes in them
EXPECTED = {
    "26855": {"lays": 50, "tokens": 8, "homes": 8, "runs": 43, "routes": 66},
    "1830_game_end_bank": {"lays": 62, "tokens": 9, "homes": 7, "runs": 99, "routes": 128},
}
