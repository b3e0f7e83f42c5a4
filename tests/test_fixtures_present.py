"""The real games are where the tests look for them: skipped with the reason where absent, a failure under CI."""

from __future__ import annotations

from .fixtures import fixture_logs


def test_1830_fixtures_are_present():
    names = {p.stem for p in fixture_logs("1830")}
    assert {"26855", "1830_game_end_bank"} <= names
