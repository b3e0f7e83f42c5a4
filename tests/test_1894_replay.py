"""Real 1894 games from 18xx.games replay to exactly their recorded results, with our state equal to the
reference engine's after every action (cash, certificates in order including treasury shares, prices,
presidents, trains, tokens, tiles with rotation)."""

from __future__ import annotations

import pytest

from gamekit.import18xx import import_log

from .fixtures import fixture_paths, log_ids, replay_with_references
from .state_diff import differences, our_view, reference_view

LOGS = fixture_paths("1894")


def view_1894(game) -> dict:
    """Our state in the reference's shape for 1894: the bank is unlimited (the reference counts it down from
    0; ours is None), a corporation's treasury certificates are listed after its IPO ones, as the reference
    lists them, and a late corporation appears once it may be started."""
    ours = our_view(game)
    ours.pop("bank")
    available = set(game.available_corporations())
    ours["corporations"] = {sym: {**c, "ipo_shares": c["ipo_shares"] + game.state.ledger.certs(sym, sym)}
                            for sym, c in ours["corporations"].items() if sym in available}
    return ours


def reference_1894(ref: dict) -> dict:
    """The reference line reduced as :func:`view_1894` reduces ours."""
    out = reference_view(ref)
    out.pop("bank")
    return out


@pytest.mark.parametrize("log", LOGS, ids=log_ids(LOGS))
def test_state_matches_reference_after_every_action(log):
    steps = 0
    for raw, game, ref in replay_with_references(log):
        diff = differences(view_1894(game), reference_1894(ref))
        where = "setup" if raw is None else f"action {raw['id']} ({raw['type']})"
        assert diff == [], f"after {where}: {diff[:5]}"
        steps += 1
    assert steps > 400


@pytest.mark.parametrize("log", LOGS, ids=log_ids(LOGS))
def test_replay_reaches_recorded_result(log):
    report = import_log(log)
    assert report.error is None
    assert report.result == report.expected_result
    assert report.game.outcome.reason == report.log["game_end_reason"]
    assert report.ok


@pytest.mark.parametrize("log", LOGS, ids=log_ids(LOGS))
def test_reference_bank_is_money_paid_out(log):
    """The reference's bank starts at 0 and pays everyone: minus all the money in play, which ours conserves
    otherwise (a check that dropping the bank from the comparison hides nothing)."""
    for raw, game, ref in replay_with_references(log):
        money = sum(p["cash"] for p in ref["players"]) + sum(c["cash"] for c in ref["corporations"])
        assert ref["bank"] == -money
        ours = sum(p.cash for p in game.state.players.values()) + sum(c.cash for c in game.state.corporations.values())
        assert ours == money
