"""Real 1830 games from 18xx.games replay to exactly their recorded results, with our state equal to the
reference engine's after every action (cash, certificates in order, prices, presidents, trains, tokens, tiles)."""

from __future__ import annotations


from .fixtures import assert_replays_to_recorded_result, each_log, fixture_paths
from .state_diff import assert_state_matches_reference

LOGS = fixture_paths("1830")


@each_log(LOGS)
def test_state_matches_reference_after_every_action(log):
    assert assert_state_matches_reference(log) > 500


@each_log(LOGS)
def test_replay_reaches_recorded_result(log):
    assert_replays_to_recorded_result(log)

