"""Export to 18xx.games logs (``Game.to_18xx_log``, ``gamekit export``): every bot game comes back unchanged
through ``import_log``; the log has the site's shape; a cube-rail game is refused in one line."""

from __future__ import annotations

import argparse
import json

import pytest

import gamekit
from gamekit import export_cli
from gamekit.bots import play_seats
from gamekit.export18xx import to_18xx_log
from gamekit.import18xx import import_log
from gamekit.tracks.actions import SellShares

GAMES = [(title, players, bot, seed, cap) for title, players, cap in (("1830", 4, 260), ("1837", 3, 320), ("1894", 3, 300))
         for bot in ("random", "heuristic") for seed in (3, 11)]


def round_trip(game) -> gamekit.Game:
    report = import_log(json.loads(json.dumps(game.to_18xx_log())))
    assert report.error is None
    return report.game


@pytest.mark.parametrize("title,players,bot,seed,cap", GAMES)
def test_bot_games_come_back_from_their_log(title, players, bot, seed, cap):
    game = play_seats(title, [bot] * players, seed, cap=cap)
    assert len(game.actions) == cap  # stopped in play: every kind of round up to the cap is in the log
    assert round_trip(game).to_json() == game.to_json()


def test_a_finished_game_records_its_result_and_reason():
    game = play_seats("1894", ["random"] * 3, 1, cap=2000)  # 689 actions, over by a bankruptcy
    assert game.is_over
    log = game.to_18xx_log()
    assert log["status"] == "finished" and log["game_end_reason"] == game.outcome.reason == "bankrupt"
    assert log["result"] == dict(game.outcome.ranking)
    back = import_log(log)
    assert back.ok and back.game.to_json() == game.to_json()


def test_the_log_has_the_sites_shape():
    game = play_seats("1837", ["heuristic"] * 3, 5, cap=380)
    log = to_18xx_log(game)
    assert log["title"] == "1837" and log["players"] == [{"id": f"P{i}", "name": f"P{i}"} for i in (1, 2, 3)]
    assert log["settings"] == {"seed": 5, "optional_rules": []} and log["status"] == "active"
    assert [a["id"] for a in log["actions"]] == list(range(1, 381))
    kinds = {(a["type"], a["entity_type"]) for a in log["actions"]}
    assert ("bid", "player") in kinds and ("lay_tile", "corporation") in kinds  # minors act as corporations
    pars = [a for a in log["actions"] if a["type"] == "par"]
    assert pars and all(a["slot"] in (0, 1) for a in pars)  # the par chart's place, which the site needs
    assert all(None not in a.values() for a in log["actions"])


def test_a_1894_reissue_logs_its_price():
    game = gamekit.new_game("1894", ["a", "b", "c"])  # a corporation's sell_shares is a reissue at 100
    assert game.log_fields(SellShares.unchecked(entity="Belge", shares=("Belge_5",), percent=10), []) == \
        {"share_price": 100}
    assert game.log_fields(SellShares.unchecked(entity="a", shares=("Belge_5",), percent=10), []) == {}


def test_options_travel_in_the_settings():
    game = gamekit.new_game("1830", ["a", "b", "c"], seed=9, options=["optional_6_train"])
    log = game.to_18xx_log()
    assert log["settings"] == {"seed": 9, "optional_rules": ["optional_6_train"]}
    assert round_trip(game).to_json() == game.to_json()


def test_a_cube_rail_game_is_refused_in_one_line():
    game = gamekit.new_game("continental-divide", ["a", "b", "c"])
    with pytest.raises(NotImplementedError, match=r"^continental-divide is not an 18xx title: 18xx.games has no log"):
        to_18xx_log(game)


def test_the_export_command_writes_a_log_that_replays(tmp_path, capsys):
    game = play_seats("1830", ["heuristic"] * 3, 2, cap=150)
    save = tmp_path / "save.json"
    save.write_text(game.to_json())
    out = tmp_path / "out.json"
    assert export_cli.run(argparse.Namespace(save=str(save), out=str(out), gamekit_only=False)) == 0
    assert capsys.readouterr().out == f"{out}: 1830 log with 150 actions\n"
    assert import_log(out).game.to_json() == game.to_json()


def test_the_export_command_refuses_in_one_line(tmp_path, capsys):
    save = tmp_path / "cd.json"
    save.write_text(gamekit.new_game("continental-divide", ["a", "b", "c"]).to_json())
    out = tmp_path / "out.json"
    assert export_cli.run(argparse.Namespace(save=str(save), out=str(out), gamekit_only=False)) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"gamekit export: {save}: continental-divide is not an 18xx title") and err.count("\n") == 1
    assert not out.exists()
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "gamekit-save"')
    assert export_cli.run(argparse.Namespace(save=str(bad), out=str(out), gamekit_only=False)) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"gamekit export: {bad}: ") and err.count("\n") == 1
