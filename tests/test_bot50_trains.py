"""The heuristic's train purchase (``h18xx._train``) asks what the routes earn now only to weigh bank purchases
against it or a surrender: with neither on offer (no train the treasury may buy from the bank, none to surrender)
it passes, or takes the cheapest train listed where it must buy, unsearched. Along heuristic games (positions
built by legal play) every such decision is the one of the full evaluation that compares every purchase's exact
earnings (tests/test_bot48_trains.py), and such decisions are met."""

from __future__ import annotations

from gamekit.bots import h18xx, play_seats
from .test_bot48_trains import _full_evaluation


def test_a_decision_with_nothing_to_weigh_is_the_full_evaluations(monkeypatch):
    train = h18xx._train
    seen = {"nothing to weigh": 0, "passed": 0}

    def checked(game, me, by_type, may_pass):
        chosen = train(game, me, by_type, may_pass)
        buys = h18xx._bank_buys(game, me, by_type.get("buy_train", []))
        if game.trains(me) and not h18xx._kinds(buys) and not by_type.get("scrap_train"):
            assert chosen == _full_evaluation(game, me, by_type, may_pass), (len(game.actions), me)
            seen["nothing to weigh"] += 1
            seen["passed"] += chosen is may_pass
        return chosen

    monkeypatch.setattr(h18xx, "_train", checked)
    for title, players, seed in [("1830", 4, 1), ("1894", 4, 1), ("1837", 5, 1)]:
        play_seats(title, ["heuristic"] * players, seed)
    # many decisions have nothing to weigh (a train bought in the turn, no money for another): all passed
    assert seen["nothing to weigh"] >= 100 and seen["passed"] >= 100, seen
