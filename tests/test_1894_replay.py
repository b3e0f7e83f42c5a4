"""Real 1894 games from 18xx.games replay to exactly their recorded results, with our state equal to the
reference engine's after every action (cash, certificates in order including treasury shares, prices,
presidents, trains, tokens, tiles with rotation)."""

from __future__ import annotations

import json

import pytest

from gamekit.import18xx import filter_actions, import_log

from .fixtures import assert_replays_to_recorded_result, each_log, fixture_paths, replay_with_references
from .state_diff import assert_state_matches_reference, our_view, reference_view

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


@each_log(LOGS)
def test_state_matches_reference_after_every_action(log):
    assert assert_state_matches_reference(log, view_1894, reference_1894) > 400


@each_log(LOGS)
def test_replay_reaches_recorded_result(log):
    assert_replays_to_recorded_result(log)


@each_log(LOGS)
def test_reference_bank_is_money_paid_out(log):
    """The reference's bank starts at 0 and pays everyone: minus all the money in play, which ours conserves
    otherwise (a check that dropping the bank from the comparison hides nothing)."""
    for raw, game, ref in replay_with_references(log):
        money = sum(p["cash"] for p in ref["players"]) + sum(c["cash"] for c in ref["corporations"])
        assert ref["bank"] == -money
        ours = sum(p.cash for p in game.state.players.values()) + sum(c.cash for c in game.state.corporations.values())
        assert ours == money


def test_a_refused_old_log_names_the_rule_and_the_change_since():
    """A log played before the 4-train cost 300 F, buying one at another price: the refusal names the first
    refused action, its rule, and the December 2023 change."""
    if not LOGS:
        pytest.skip("no 1894 fixtures")
    data = json.loads(LOGS[0].read_text())
    actions = filter_actions(data["actions"])
    first_4 = next(a for a in actions if a["type"] == "buy_train" and a["train"].startswith("4-") and
                   not a.get("exchange"))
    first_4["price"] = 260
    for action in data["actions"]:
        action["created_at"] = 1_690_000_000  # July 2023
    report = import_log(data)
    assert report.error.startswith(f"action {first_4['id']}: 1894:trains.buy: ")
    assert "played on 2023-07-22, and 1894's rules changed since: on 2023-12-27 the 4-train's price became 300 F" \
        in report.error
