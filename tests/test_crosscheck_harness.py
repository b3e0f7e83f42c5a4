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


def test_a_price_range_kept_after_an_emergency_purchase_is_named_as_the_reference_defect():
    # 1830, 4 random bots, seed 8004 (a cross-check game): P2 sold a NYC share so that ERIE could buy the 3-1
    # train for $152, then ERIE bought B&O's 4-2 train for $6, which 18xx.games refused with the first range
    from gamekit.bots import play_seats
    states = []  # states[i]: ours before action i, as the harness records them
    game = play_seats("1830", ["random"] * 4, 8004, cap=828, watch=lambda g: states.append(crosscheck.our_state(g)))
    second, before = game.actions[827], states[827]
    assert (second.entity, second.train, second.price) == ("ERIE", "4-2", 6)
    assert before["corporations"]["ERIE"]["trains"] == ["3-1"] and "4-2" in before["corporations"]["B&O"]["trains"]
    refusal = "ERIE may not spend $6 on B&O's 4 train; may only spend between $101 and $110."
    assert crosscheck.range_kept("1830", refusal, second, before) == "1830:trains.buy"
    # the first purchase, made without a train, is the emergency rule's own: not the defect
    first = game.actions[826]
    assert crosscheck.range_kept("1830", refusal, first, states[826]) is None
    assert crosscheck.range_kept("1830", "Blocking step cannot process", second, before) is None


def test_the_kept_range_is_named_in_francs_too():
    # 1894, 3 random bots, seed 8014 (a cross-check game): P2 sold a Belge share so that Est could buy CFOR's 4-2
    # train for 267 F, then Est bought Belge's 5+1 train for 96 F, which 18xx.games refused with the first range
    from gamekit.bots import play_seats
    states = []
    game = play_seats("1894", ["random"] * 3, 8014, cap=617, watch=lambda g: states.append(crosscheck.our_state(g)))
    second, before = game.actions[616], states[616]
    assert (second.entity, second.train, second.price) == ("Est", "5+1-0", 96)
    assert before["corporations"]["Est"]["trains"] == ["4-2"]
    refusal = "Est may not spend 96 F on Belge's 5+1 train; may only spend between 125 F and 134 F."
    assert crosscheck.range_kept("1894", refusal, second, before) == "1894:trains.buy"
    assert crosscheck.range_kept("1894", refusal, game.actions[615], states[615]) is None


def test_a_token_step_opened_for_a_corporation_without_a_president_is_named_as_the_reference_defect():
    # 1837, 4 random bots, seed 8028 (a cross-check game): P1 went bankrupt over CL's train (action 1357), which
    # left GT, with P1's president's certificate in the pool and no player holding 20%, without a president. GT
    # then skipped its track and token steps and bought a train; 18xx.games waited at its token step
    from gamekit.bots import play_seats
    states = []
    game = play_seats("1837", ["random"] * 4, 8028, cap=1367, watch=lambda g: states.append(crosscheck.our_state(g)))
    purchase, before = game.actions[1366], states[1366]
    assert (purchase.type, purchase.entity) == ("buy_train", "GT")
    assert before["corporations"]["GT"]["president"] is None and before["corporations"]["GT"]["unplaced"] == 1
    refusal = "Blocking step Place a Token cannot process action buy_train at 1328"
    assert crosscheck.directorless_token("1837", refusal, purchase, before) == "1837:end.bankrupt"
    # a corporation with a president at a skipped token step is a divergence, not this defect
    presided = game.actions[1365]
    assert presided.entity == "BH" and states[1365]["corporations"]["BH"]["president"] == "P3"
    assert crosscheck.directorless_token("1837", refusal, presided, states[1365]) is None
    assert crosscheck.directorless_token("1837", "Cannot buy a share of TI", purchase, before) is None


def test_certificates_are_compared_by_size_not_by_id():
    # a 1837 game played by the bots until a player holds a 10% certificate beside a president's one
    from gamekit.bots import play_seats

    game = play_seats("1837", ["heuristic"] * 3, 5, cap=400)
    ledger = game.state.ledger
    holder, corp = next((p.id, corp) for p in game.players for corp in ledger.corporations_of(p.id)
                        if f"{corp}_0" in ledger.certs(p.id, corp)
                        and any(ledger.percent[c] == 10 for c in ledger.certs(p.id, corp)))
    ours = crosscheck.our_state(game)
    assert ours["players"][holder]["shares"][corp] == sorted(
        ["20% president"] + [f"{ledger.percent[c]}%" for c in ledger.certs(holder, corp) if c != f"{corp}_0"])

    def line(change):
        """The reference's line for this position, the holder's certificates of ``corp`` changed by ``change``."""
        players = [{"id": p.id, "cash": v["cash"],
                    "shares": {c: [[x, ledger.percent[x], x == f"{c}_0"] for x in ledger.certs(p.id, c)]
                               for c in ledger.corporations_of(p.id)}}
                   for p, v in zip(game.players, ours["players"].values())]
        entry = next(p for p in players if p["id"] == holder)
        entry["shares"][corp] = change(entry["shares"][corp])
        return {"round": ours["round"] + " Round", "phase": ours["phase"], "entity": ours["entity"],
                "finished": False, "tiles": ours["tiles"], "players": players,
                "corporations": [{"id": sym, "cash": c["cash"], "floated": c["floated"], "closed": False,
                                  "president": c["president"], "share_price": c["share_price"],
                                  "trains": c["trains"], "tokens": c["tokens"] + [None] * c["unplaced"]}
                                 for sym, c in ours["corporations"].items()]}

    assert crosscheck.first_difference(ours, crosscheck.reference_state(line(lambda s: s), ours)) is None
    # another 10% certificate of the same corporation (another id, the same share): no difference
    renamed = line(lambda s: [[f"{corp}_9" if pct == 10 else x, pct, pres] for x, pct, pres in s])
    assert crosscheck.first_difference(ours, crosscheck.reference_state(renamed, ours)) is None
    # a 20% certificate that is not the president's: the sizes differ
    demoted = line(lambda s: [[x, pct, False] for x, pct, _ in s])
    field, mine, theirs = crosscheck.first_difference(ours, crosscheck.reference_state(demoted, ours))
    assert field == f"players.{holder}.shares.{corp}"
    assert "20% president" in mine and "20% president" not in theirs and "20%" in theirs


def test_the_log_is_cut_after_the_caps_entry_with_its_automatic_actions():
    # entry 5 carries our action 6 in its auto_actions (the reference passes by itself), so its state follows 6
    # actions of ours; a game played past a cap of 5 is compared up to there, not before the automatic pass
    log = {"id": 1, "actions": [{"id": i, "type": "pass"} for i in (1, 2, 3, 4, 5, 7, 8)]}
    log["actions"][4]["auto_actions"] = [{"type": "pass"}]
    cut, covered = crosscheck.cut_at_cap(log, [], 5)
    assert [e["id"] for e in cut["actions"]] == [1, 2, 3, 4, 5] and cut["id"] == 1
    assert covered == {1: 1, 2: 2, 3: 3, 4: 4, 5: 6}
    assert len(log["actions"]) == 7  # the log itself is left whole


def test_a_waited_run_is_compared_with_the_action_before_it_and_the_wait_is_not():
    # our action 3 (index 2) skipped LF's run step; the export's entry 4 is LF's run of no train, so the
    # reference's state after entry 3 (waiting for it) is none of ours and after entry 4 it is ours after action 3
    log = {"id": 1, "actions": [{"id": 1, "type": "pass", "entity": "P1"}, {"id": 2, "type": "pass", "entity": "P2"},
                                {"id": 3, "type": "pass", "entity": "LF"},
                                {"id": 4, "type": "run_routes", "entity": "LF", "routes": []},
                                {"id": 5, "type": "run_routes", "entity": "LF", "routes": []}]}
    cut, covered = crosscheck.cut_at_cap(log, [(2, "LF", "run_routes")], 10)
    assert covered == {1: 1, 2: 2, 3: None, 4: 3, 5: 4}  # entry 5 is a run of ours (a bot may run no train)
    cut, covered = crosscheck.cut_at_cap(log, [(2, "LF", "run_routes")], 3)
    assert [e["id"] for e in cut["actions"]] == [1, 2, 3, 4]  # the waited run goes with the cap's entry
