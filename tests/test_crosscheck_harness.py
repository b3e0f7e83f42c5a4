"""The cross-check harness (benchmarks/crosscheck.py) without the reference engine: its comparison names the first
differing field, its plan covers each title's player counts, and its table counts divergences per field kind."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import gamekit

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("crosscheck", ROOT / "benchmarks" / "crosscheck.py")
crosscheck = importlib.util.module_from_spec(spec)
spec.loader.exec_module(crosscheck)


def test_the_first_difference_names_the_field_and_both_values():
    ours = {"finished": False, "players": {"P1": {"cash": 10, "shares": {"NYC": ["NYC_1"]}}}, "phase": "2"}
    ref = {"finished": False, "players": {"P1": {"cash": 10, "shares": {"NYC": ["NYC_2"]}}}, "phase": "2"}
    assert crosscheck.first_difference(ours, ref) == ("players.P1.shares.NYC", ["NYC_1"], ["NYC_2"])
    assert crosscheck.first_difference(ours, ours) is None
    assert crosscheck.first_difference({"a": 1}, {}) == ("a", 1, "(absent)")
    # once both games are over, who acts is not compared
    assert crosscheck.first_difference({"finished": True, "entity": "P1"}, {"finished": True, "entity": None}) is None


def test_our_state_and_a_reference_line_share_one_shape():
    game = gamekit.new_game("1830", ["P1", "P2", "P3"])
    ours = crosscheck.our_state(game)
    assert ours["round"] == "Auction" and ours["phase"] == "2" and ours["entity"] == "P1"
    assert ours["players"]["P1"] == {"cash": 800, "shares": {}}
    line = {"round": "Auction Round", "phase": "2", "entity": "P1", "finished": False, "tiles": {},
            "players": [{"id": p, "cash": 800, "shares": {}} for p in ("P1", "P2", "P3")],
            "corporations": [{"id": sym, "cash": 0, "floated": False, "closed": False, "president": None,
                              "share_price": None, "trains": [], "tokens": [None] * c["unplaced"]}
                             for sym, c in ours["corporations"].items()]}
    assert crosscheck.first_difference(ours, crosscheck.reference_state(line, ours)) is None


def test_the_plan_covers_every_player_count_and_the_table_counts_fields():
    plan = crosscheck.plan(["1894", "1837"], [], ["random"], 2, 5)
    assert {(t, n) for t, n, _, _ in plan} == {("1894", 3), ("1894", 4)} | {("1837", n) for n in range(3, 8)}
    assert [s for t, n, _, s in plan if (t, n) == ("1894", 3)] == [5, 6]
    rows = [{"title": "1830", "players": 4, "compared": 10, "divergence": None},
            {"title": "1830", "players": 4, "compared": 3, "divergence": {"field": "players.P2.cash"}},
            {"title": "1830", "players": 4, "compared": 5, "divergence": {"field": "players.P1.cash"}}]
    assert crosscheck.summary(rows) == [{"title": "1830", "players": 4, "games": 3, "actions_compared": 18,
                                         "divergent_games": 2, "fields": {"players.*.cash": 2}}]


def test_a_known_reference_defect_is_named_by_the_rule_it_breaks():
    assert crosscheck.known_defect("1837", "SystemStackError: stack level too deep") == "1837:auction.bid"
    assert crosscheck.known_defect("1894", "SystemStackError: stack level too deep") is None
    assert crosscheck.known_defect("1837", "Blocking step Buy Trains cannot process action run_routes") is None
