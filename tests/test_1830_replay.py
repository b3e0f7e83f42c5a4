"""Real 1830 games from 18xx.games replay to exactly their recorded results, with our state equal to the
reference engine's after every action (cash, certificates in order, prices, presidents, trains, tokens, tiles)."""

from __future__ import annotations

import pytest

from gamekit.import18xx import apply_entry, filter_actions, import_log, new_game_for_log, read_log

from .fixtures import fixture_paths, log_ids, reference_states
from .state_diff import differences, our_view, reference_view

LOGS = fixture_paths("1830")


@pytest.mark.parametrize("log", LOGS, ids=log_ids(LOGS))
def test_state_matches_reference_after_every_action(log):
    data = read_log(log)
    refs = reference_states(log)
    game = new_game_for_log(data)
    actions = filter_actions(data["actions"])
    assert len(refs) == len(actions) + 1
    assert differences(our_view(game), reference_view(refs[0])) == []
    for raw, ref in zip(actions, refs[1:]):
        for entry in [raw] + list(raw.get("auto_actions") or []):
            apply_entry(game, entry, f"action {raw['id']}")
        diff = differences(our_view(game), reference_view(ref))
        assert diff == [], f"after action {raw['id']} ({raw['type']}): {diff[:5]}"


@pytest.mark.parametrize("log", LOGS, ids=log_ids(LOGS))
def test_replay_reaches_recorded_result(log):
    report = import_log(log)
    assert report.error is None
    assert report.result == report.expected_result
    assert report.game.outcome.reason == report.log["game_end_reason"]
    assert report.ok

