"""A real game whose log names no route stops (18xx.games' logs of 2021) exports and imports again: the export
leaves ``nodes`` out as the site does, never writes it empty (which an import refuses)."""

import json

import gamekit
from gamekit.games import open_real_game


def test_a_2021_game_exports_without_empty_nodes_and_replays():
    game = open_real_game("1830", "26855", stop_at=328)
    log = game.to_18xx_log()
    routes = [route for entry in log["actions"] for route in entry.get("routes", ())]
    assert routes and all("nodes" not in route for route in routes)
    again = gamekit.import_log(json.loads(json.dumps(log)))
    assert len(again.actions) == len(game.actions) > 200
    assert again.to_json() == game.to_json()
