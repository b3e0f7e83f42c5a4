"""The 18xx.games games shipped in ``data/<title>/games/`` (``gamekit.games``): each named with its origin and the
MIT notice of that repository, each replayed by our rules to the result 18xx.games recorded — with no fixture
folder needed — and, where the fixtures are present, the very files the replay tests check."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gamekit.errors import DataError
from gamekit.games import open_real_game, real_game, real_games
from gamekit.import18xx import import_log

from .fixtures import fixtures_dir

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = real_games()


def test_the_lesson_games_and_one_per_18xx_title_are_shipped():
    names = {(s.title, s.name) for s in SHIPPED}
    assert ("1830", "26855") in names  # lessons 1830_05 and 1830_06
    assert {s.title for s in SHIPPED} == {"1830", "1837", "1894"}
    assert real_games("continental-divide") == [] and real_games("american-rails") == []
    assert [s.name for s in real_games("1894")] == sorted(s.name for s in real_games("1894"))


@pytest.mark.parametrize("title", ["1830", "1837", "1894"])
def test_every_file_is_named_with_its_origin_beside_the_mit_notice(title):
    folder = ROOT / "data" / title / "games"
    sources = json.loads((folder / "sources.json").read_text())
    games = {p.name for p in folder.glob("*.json")} - {"sources.json"}
    assert games == {entry["file"] for entry in sources.values()}
    for name, entry in sources.items():
        assert entry["file"] == f"{name}.json"
        assert entry["source"] == f"https://github.com/tobymao/18xx/blob/master/public/fixtures/{title}/{name}.json"
        assert entry["game"] == f"https://18xx.games/game/{json.loads((folder / entry['file']).read_text())['id']}"
    notice = (folder / "NOTICE.md").read_text()
    assert "MIT License" in notice and "Copyright (c) 2019 Toby Mao" in notice
    assert all(f"`{entry['file']}`" in notice for entry in sources.values())
    assert not list(folder.glob("*.states.jsonl"))  # only the games, nothing else of the fixture folder


@pytest.mark.parametrize("real", SHIPPED, ids=lambda s: f"{s.title}-{s.name}")
def test_every_shipped_game_replays_to_its_recorded_result(real):
    report = import_log(real.log())
    assert report.error is None
    assert report.result == report.expected_result and report.ok
    assert report.game.outcome.reason == real.end == report.log["game_end_reason"]
    assert real.players == len(report.game.players)


@pytest.mark.parametrize("real", SHIPPED, ids=lambda s: f"{s.title}-{s.name}")
def test_a_shipped_game_is_the_fixture_the_replay_tests_check(real):
    fixture = fixtures_dir() / real.title / f"{real.name}.json"
    if not fixture.is_file():
        pytest.skip(f"no fixture at {fixture}: the shipped game is checked by its replay alone")
    assert json.loads(fixture.read_text()) == real.log()


def test_the_1830_lesson_game_as_the_lessons_read_it():
    real = real_game("1830", "26855")
    assert real.description == ("18xx.games game 26855: 4 players (optional rules: In the brown zone several "
                                "shares per turn may be bought from the IPO too), ended when a player went "
                                "bankrupt")
    assert real.url == "https://18xx.games/game/26855"
    game = open_real_game("1830", "26855")
    assert game.outcome.values == {"330": 2212, "82": 2127, "1627": 1831, "117": 310}
    before = open_real_game("1830", "26855", stop_at=328)
    assert len(before.actions) < len(game.actions)
    log = real.log()
    log["actions"].clear()  # a copy: the shipped game is unchanged
    assert real.log()["actions"]


def test_a_game_not_shipped_is_refused_by_name():
    with pytest.raises(DataError, match=r"no shipped game 'nope' of 1830 \(shipped: 1830_game_end_bank, 26855\)"):
        open_real_game("1830", "nope")
    with pytest.raises(ValueError, match="unknown title"):
        real_games("1831")
