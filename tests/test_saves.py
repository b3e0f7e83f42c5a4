"""Saves keep loading (rule ``core:save.version``): the committed saves in ``tests/saves`` — one per playing title
and save format version, written by ``tests/saves/make_saves.py`` and never rewritten — load, show the same step,
legal actions and player values as when they were made, and continue with the recorded actions to the same game
as the committed continued save. A save of a newer format version is refused, saying so."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import gamekit
from gamekit.actions import action_from_json
from gamekit.codec import count_concrete_actions
from gamekit.errors import DataError
from gamekit.game import SAVE_VERSION

SAVES = Path(__file__).resolve().parent / "saves"
NAME = re.compile(r"(?P<title>.+)\.v(?P<version>\d+)\.json")
FILES = sorted(p for p in SAVES.glob("*.v*.json") if NAME.fullmatch(p.name) and not p.name.startswith("expected"))


def _facts(game) -> dict:
    step = game.active_step
    return {"step": step.name, "entity": step.entity, "legal": count_concrete_actions(game),
            "values": {p.id: game.player_value(p.id) for p in game.players}}


def test_every_playing_title_has_a_committed_save():
    assert {NAME.fullmatch(p.name)["title"] for p in FILES} == set(gamekit.title_names())


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_committed_save_loads_and_continues_identically(path):
    version = NAME.fullmatch(path.name)["version"]
    title = NAME.fullmatch(path.name)["title"]
    expected = json.loads((SAVES / f"expected.v{version}.json").read_text())[title]
    continued = json.loads((SAVES / f"{title}.v{version}.continued.json").read_text())
    saved_text = path.read_text()
    game = gamekit.load_json(saved_text)
    assert json.loads(saved_text)["version"] == int(version) and game.title == title
    assert _facts(game) == expected["saved"]
    done = len(game.actions)
    for i, raw in enumerate(continued["actions"][done:], start=done):
        game.process(action_from_json(raw, f"{path.name}: action {i}"))
    assert [a.to_json() for a in game.actions] == continued["actions"]
    assert _facts(game) == expected["continued"]
    assert gamekit.load_json(continued).to_json() == game.to_json()


def test_a_save_of_a_newer_format_is_refused_saying_so():
    data = json.loads(FILES[0].read_text())
    data["version"] = SAVE_VERSION + 1
    with pytest.raises(DataError) as info:
        gamekit.load_json(json.dumps(data))
    text = str(info.value)
    assert f"version {SAVE_VERSION + 1}" in text and "newer than this gamekit reads" in text
    assert f"versions 1 to {SAVE_VERSION}" in text


@pytest.mark.parametrize("version", [None, "1", 0, True])
def test_a_save_without_a_whole_version_is_refused(version):
    data = json.loads(FILES[0].read_text())
    data["version"] = version
    with pytest.raises(DataError, match="field 'version' must be a whole number from 1"):
        gamekit.load_json(data)


def test_a_new_save_carries_the_current_version():
    game = gamekit.new_game("1830", ["Ann", "Ben"], seed=1)
    data = json.loads(game.to_json())
    assert (data["format"], data["version"]) == ("gamekit-game", SAVE_VERSION)
