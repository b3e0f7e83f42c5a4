"""The real 1837 game from 18xx.games replays with our rules, our state equal to the reference engine's after
every action (cash, certificates in order, prices, presidents, trains, stations, tiles with rotation; coal
companies, minors and nationals included)."""

from __future__ import annotations


from gamekit.import18xx import import_log
from gamekit.tracks import board as boards

from .fixtures import each_log, fixture_paths, replay_with_references
from .state_diff import differences, our_view, reference_view

LOGS = fixture_paths("1837")

MINOR_CERTIFICATE_VALUE = 140
"""What the reference export counts in a player's ``value`` for each 100% of a coal company or minor (coal
companies and minors have no share price; our player value counts them as nothing, rule ``1837:end.value``, and
no minor is left when the game ends)."""


def view_1837(game) -> dict:
    """Our state in the reference's shape for 1837: closed coal companies and minors are gone, as the reference
    drops them; a player's value counts each minor certificate as the reference export does; a national's
    several stations on one hex (the KK's in Vienna) are compared as a set, since ours name the hex only."""
    ours = our_view(game)
    ledger = game.state.ledger
    ours["corporations"] = {sym: c for sym, c in ours["corporations"].items() if not game.closed(sym)}
    for player, p in ours["players"].items():
        p["value"] += sum(MINOR_CERTIFICATE_VALUE * ledger.percent_of(player, corp) // 100
                          for corp in ledger.corporations_of(player) if game.kind(corp) in ("coal", "minor"))
    board = game.state.board
    for sym, c in ours["corporations"].items():
        if game.kind(sym) == "national":
            unplaced = [None] * game.state.corporations[sym].tokens.count(None)
            c["tokens"] = [boards.city_id(game.track, board, coord, city)
                           for coord, city in boards.corporation_cities(board, sym)] + unplaced
    _national_tokens_as_sets(game, ours)
    return ours


def reference_1837(ref: dict, game) -> dict:
    """The reference line reduced as :func:`view_1837` reduces ours."""
    out = reference_view(ref)
    _national_tokens_as_sets(game, out)
    return out


def _national_tokens_as_sets(game, view: dict) -> None:
    for sym, c in view["corporations"].items():
        if game.kind(sym) == "national":
            c["tokens"] = sorted(c["tokens"], key=str)


@each_log(LOGS)
def test_state_matches_reference_after_every_action(log):
    steps = 0
    for raw, game, ref in replay_with_references(log):
        diff = differences(view_1837(game), reference_1837(ref, game))
        where = "setup" if raw is None else f"action {raw['id']} ({raw['type']})"
        assert diff == [], f"after {where}: {diff[:5]}"
        steps += 1
    assert steps == 1019


@each_log(LOGS)
def test_replay_reaches_recorded_result(log):
    report = import_log(log)
    assert report.error is None
    assert report.result == report.expected_result
    assert report.game.outcome.reason == report.log["game_end_reason"] == "bank"
    assert report.ok
    # 1837:end.bank ends the game with the operating round in which the bank broke, not with its set
    assert report.game.outcome.text == "The bank broke and the last operating round is over"
    broke = [e.text for _, events in report.game.history() for e in events if e.kind == "bank_broken"]
    assert broke == ["The bank has run out of money: the game ends after this operating round"]
