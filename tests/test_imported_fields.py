"""Every field of an imported 18xx.games action of 1837 and 1894 that carries an amount or a choice is checked
(issue 20): changed in place at its first use in the title's real games, the entry is refused with one line naming
the action, or — where the changed value is itself a legal move — it leads to another state. A field that changes
nothing when changed would be a field our rules ignore. (1830's fields: tests/test_hostile_input.py.)"""

from __future__ import annotations

import copy
from functools import lru_cache

import pytest

from gamekit.errors import DataError
from gamekit.import18xx import IGNORED_TYPES, apply_entry, filter_actions, new_game_for_log, read_log

from .fixtures import fixture_paths, fixtures_dir
from .test_hostile_input import _mutated

TITLES = ("1837", "1894")
NOT_A_CHOICE = ("id", "created_at", "user", "skip", "auto_actions", "type", "entity")


def _first_uses(title: str) -> list[tuple[str, str, str, int]]:
    """(title, action type, field, log index, action id) for the first surviving use of each field of each action
    type across the title's real games."""
    seen: dict[tuple[str, str], tuple[int, int]] = {}
    for index, path in enumerate(fixture_paths(title)):
        for action in filter_actions(read_log(path)["actions"]):
            if action["type"] in IGNORED_TYPES:
                continue
            for key in action:
                if key not in NOT_A_CHOICE:
                    seen.setdefault((action["type"], key), (index, action["id"]))
    return [(title, kind, key, index, action_id) for (kind, key), (index, action_id) in sorted(seen.items())]


CASES = [case for title in TITLES for case in _first_uses(title)]


@lru_cache(maxsize=None)
def _positions(title: str, index: int) -> dict:
    """Replay one real game once: action id -> (the log entry, a fork of the game just before it)."""
    log = read_log(fixture_paths(title)[index])
    wanted = {action_id for t, _, _, i, action_id in CASES if (t, i) == (title, index)}
    game, positions = new_game_for_log(log), {}
    for raw in filter_actions(log["actions"]):
        if raw["id"] in wanted:
            positions[raw["id"]] = (raw, game.fork())
            if len(positions) == len(wanted):
                break
        for entry in [raw] + list(raw.get("auto_actions") or []):
            apply_entry(game, entry, f"action {raw['id']}")
    return positions


def _state_after(game, entry: dict):
    game = game.fork()
    apply_entry(game, entry, f"action {entry['id']}")
    return game.state


ABSENT = pytest.param(None, None, None, None, None, id="absent", marks=pytest.mark.skip(
    reason=f"18xx.games fixtures of 1837 and 1894 not found under {fixtures_dir()} (set GAMEKIT_FIXTURES)"))
"""The one case where the fixtures are absent: a skip that says so (not pytest's "got empty parameter set")."""


@pytest.mark.parametrize("title, kind, key, index, action_id", CASES or [ABSENT],
                         ids=[f"{t}-{k}.{f}" for t, k, f, _, _ in CASES] or None)
def test_each_field_of_an_imported_action_is_checked(title, kind, key, index, action_id):
    raw, game = _positions(title, index)[action_id]
    changed = copy.deepcopy(raw)
    changed[key] = _mutated(raw[key])
    before = game.to_json()
    try:
        after = _state_after(game, changed)
    except DataError as exc:
        text = str(exc)
        assert "\n" not in text and text.startswith(f"action {action_id}: "), text
        assert game.to_json() == before
        return
    assert after != _state_after(game, raw), f"{kind}.{key} = {changed[key]!r} was accepted and changed nothing"
