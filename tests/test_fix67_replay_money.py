"""``gamekit replay`` prints the ranking's values in the title's money format, as the kit writes money everywhere
else (newuser67 #6: "1. Player 4 (330): 2212"): dollars for 1830, francs for 1894."""

from __future__ import annotations

from pathlib import Path

from gamekit.import18xx import import_log

from .fixtures import require_fixtures

ROOT = Path(__file__).resolve().parent.parent


def test_1830s_ranking_in_dollars():
    lines = import_log(ROOT / "data" / "1830" / "games" / "26855.json").describe().splitlines()
    assert lines[2:5] == ["  1. Player 4 (330): $2,212", "  2. Player 2 (82): $2,127", "  3. Player 1 (1627): $1,831"]


def test_1894s_ranking_in_francs():
    report = import_log(require_fixtures("1894") / "1894_game_end_bankrupt.json")
    first = report.describe().splitlines()[2]
    player, value = report.game.outcome.ranking[0]
    assert first == f"  1. {report.game.player(player).name} ({player}): {report.game.money(value)}"
    assert first.endswith(" F") and report.game.money(value) != str(value)
