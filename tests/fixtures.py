"""Where the tests find the real 18xx.games games: ``GAMEKIT_FIXTURES`` (default ``../shared/fixtures/18xx.games``).

These files are third-party data: read in place, never copied into the project. Where the folder is absent the
tests that need it skip with the reason, except under CI (``CI`` set), where absence is a failure.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

PROJECT_ROOT = Path(__file__).resolve().parent.parent


def fixtures_dir() -> Path:
    """Return the fixture folder (``$GAMEKIT_FIXTURES`` or the default beside the project)."""
    env = os.environ.get("GAMEKIT_FIXTURES")
    return Path(env) if env else (PROJECT_ROOT.parent / "shared" / "fixtures" / "18xx.games")


def require_fixtures(title: str) -> Path:
    """Return ``<fixtures>/<title>``; skip the test where it is absent, fail under CI."""
    folder = fixtures_dir() / title
    if not folder.is_dir():
        absent(f"18xx.games fixtures not found at {folder} (set GAMEKIT_FIXTURES)")
    return folder


def absent(reason: str) -> None:
    """Third-party test data is missing: skip the test with ``reason``, or fail it under CI (``CI`` set)."""
    if os.environ.get("CI"):
        pytest.fail(reason)
    pytest.skip(reason)


def fixture_logs(title: str) -> list[Path]:
    """Return the log files (``*.json``) of one title, sorted; skip/fail as :func:`require_fixtures` (call it
    inside a test)."""
    return sorted(require_fixtures(title).glob("*.json"))


def fixture_paths(title: str) -> list[Path]:
    """The log files of one title for module-level parametrization: an empty list where the folder is absent
    (:func:`each_log` then skips the tests saying so; ``tests/test_fixtures_present.py`` fails under CI)."""
    folder = fixtures_dir() / title
    return sorted(folder.glob("*.json")) if folder.is_dir() else []


def each_log(paths: list[Path]):
    """``pytest.mark.parametrize`` of a test's ``log`` argument over ``paths`` (ids: the file stems); where there
    are none (the fixtures are absent), one parameter that skips the test with the reason, instead of pytest's
    "got empty parameter set"."""
    if paths:
        return pytest.mark.parametrize("log", paths, ids=log_ids(paths))
    reason = f"18xx.games fixtures not found under {fixtures_dir()} (set GAMEKIT_FIXTURES)"
    return pytest.mark.parametrize("log", [pytest.param(None, marks=pytest.mark.skip(reason=reason), id="absent")])


def reference_states(log: Path) -> list[dict]:
    """Return the per-action reference states (``<name>.states.jsonl``) of a log, in order."""
    path = log.with_suffix(".states.jsonl")
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def log_ids(paths: list[Path]) -> list[str]:
    """Return test ids for log paths (their file stems)."""
    return [p.stem for p in paths]


def replay_with_references(log: Path):
    """Replay an 18xx.games log with our rules, yielding ``(raw, game, reference)`` after each logged action (its
    ``auto_actions`` applied too): the log entry, our game now, and the reference engine's state then. The
    first item is ``(None, game, reference)`` for the position before any action."""
    from gamekit.export18xx import noting_waited_steps
    from gamekit.import18xx import apply_entry, filter_actions, new_game_for_log, read_log

    data = read_log(log)
    refs = reference_states(log)
    game = new_game_for_log(data)
    actions = filter_actions(data["actions"])
    assert len(refs) == len(actions) + 1, f"{log.name}: {len(refs)} reference states for {len(actions)} actions"
    yield None, game, refs[0]
    with noting_waited_steps(game):  # a refusal raises: nothing is applied after it
        for raw, ref in zip(actions, refs[1:]):
            for entry in [raw] + list(raw.get("auto_actions") or []):
                apply_entry(game, entry, f"action {raw['id']}")
            yield raw, game, ref


def assert_replays_to_recorded_result(log: Path) -> None:
    """Replay an 18xx.games log with :func:`gamekit.import18xx.import_log` and assert that every action is
    accepted and the game ends as recorded: the same final scores and the same reason for the end."""
    from gamekit.import18xx import import_log

    report = import_log(log)
    assert report.error is None
    assert report.result == report.expected_result
    assert report.game.outcome.reason == report.log["game_end_reason"]
    assert report.ok
