"""Real 1830 games from 18xx.games replay to exactly their recorded results, with our state equal to the
reference engine's after every action (cash, certificates in order, prices, presidents, trains, tokens, tiles)."""

from __future__ import annotations

import pytest

from gamekit.import18xx import import_log

from .fixtures import fixture_paths, log_ids, replay_with_references
from .state_diff import differences, our_view, reference_view

LOGS = fixture_paths("1830")


@pytest.mark.parametrize("log", LOGS, ids=log_ids(LOGS))
def test_state_matches_reference_after_every_action(log):
    for raw, game, ref in replay_with_references(log):
        diff = differences(our_view(game), reference_view(ref))
        where = "setup" if raw is None else f"action {raw['id']} ({raw['type']})"
        assert diff == [], f"after {where}: {diff[:5]}"


@pytest.mark.parametrize("log", LOGS, ids=log_ids(LOGS))
def test_replay_reaches_recorded_result(log):
    report = import_log(log)
    assert report.error is None
    assert report.result == report.expected_result
    assert report.game.outcome.reason == report.log["game_end_reason"]
    assert report.ok

