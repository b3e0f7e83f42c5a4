"""Stop 69: a log's player entry is read whole. Every real 18xx.games log gamekit reads (the games shipped in
``data/*/games`` and the reference's fixtures under ``$GAMEKIT_FIXTURES``) carries exactly ``id`` and ``name`` in
each player entry; both are kept (the game's players) and written back by the export. Any other field would be
dropped unread, so it is refused in one line naming the player's index and the field."""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path

import pytest

from gamekit.errors import DataError
from gamekit.export18xx import to_18xx_log
from gamekit.games import real_game, real_games
from gamekit.import18xx import LOG_PLAYER_FIELDS, new_game_for_log, read_log

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(os.environ.get("GAMEKIT_FIXTURES", ROOT.parent / "shared" / "fixtures" / "18xx.games"))


def real_logs() -> list[Path]:
    """Every real log on this machine: the shipped games and the reference's fixtures (when present)."""
    shipped = sorted(p for p in ROOT.glob("data/*/games/*.json") if p.name != "sources.json")
    return shipped + sorted(FIXTURES.glob("*/*.json"))


def test_real_logs_carry_exactly_the_fields_read():
    logs = real_logs()
    assert len(logs) >= 6  # the six shipped games at least
    fields = {key for path in logs for player in json.loads(path.read_text())["players"] for key in player}
    assert fields == LOG_PLAYER_FIELDS == {"id", "name"}
    for path in logs:
        read_log(path)  # none refused


def test_both_fields_are_kept_and_written_back():
    log = read_log(real_game("1830", "26855").log())
    game = new_game_for_log(log)
    assert [(p.id, p.name) for p in game.players] == [(str(p["id"]), p["name"]) for p in log["players"]]
    assert [(p.id, p.name) for p in game.players][0] == ("1627", "Player 1")
    assert to_18xx_log(game)["players"] == log["players"]


@pytest.mark.parametrize("index, field, value", [(0, "email", "a@b.c"), (2, "Name", "Player 3"),
                                                 (3, "seat", 4)])
def test_an_invented_field_is_refused_naming_its_place(index, field, value):
    log = copy.deepcopy(read_log(real_game("1830", "26855").log()))
    log["players"][index][field] = value
    with pytest.raises(DataError) as caught:
        read_log(log)
    assert caught.value.message == (f"log: players[{index}]: field '{field}' is not part of a player entry "
                                    f"(a log's players have only an 'id' and a 'name')")
    assert "\n" not in str(caught.value)


def test_a_player_without_a_name_is_still_read():
    """The name is optional (the id stands for it), as before: only fields beyond the two are refused."""
    log = copy.deepcopy(read_log(real_games("1894")[0].log()))
    del log["players"][0]["name"]
    player = new_game_for_log(read_log(log)).players[0]
    assert player.name == player.id == str(log["players"][0]["id"])
