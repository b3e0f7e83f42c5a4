"""The heuristic's train purchase (``h18xx._train``) searches routes only for what decides it: below two trains
the best purchase (none searched where there is one kind), else the purchases that add to what the routes earn
now, and the best of all only where a rich treasury or the lack of anything else may buy it. Along heuristic games
(positions built by legal play) the purchase chosen at every decision is the one of the evaluation that forks every
purchase and compares what each earns, computed afresh."""

from __future__ import annotations

from gamekit.bots import h18xx, play_seats


def _full_evaluation(game, me, by_type, may_pass):
    """The decision of comparing every purchase's exact earnings (each fork's best routes), by the rules of thumb
    of ``h18xx``: a purchase that adds to the earnings, below two trains any, a rich treasury's; else a surrender
    that pays, a pass, the best purchase, the cheapest listed."""
    buys = h18xx._bank_buys(game, me, by_type.get("buy_train", []))
    if may_pass is None and by_type.get("buy_train") and not game.trains(me):
        return min(buys or by_type["buy_train"], key=lambda a: (a.price, a.train))
    now = h18xx._earnings(game, me)
    ranked = sorted(h18xx._kinds(buys), key=lambda a: (-a.price, a.train), reverse=True)
    earned = [h18xx._earnings(game.fork_after(buy), me) for buy in ranked]
    best = ranked[earned.index(max(earned))] if ranked else None  # the first of the most earned
    gain = max(earned, default=0) - now
    if best is not None and (gain > 0 or len(game.trains(me)) < h18xx.TRAINS_WANTED
                             or game.cash(me) >= h18xx.RICH * best.price):
        return best
    return h18xx._make_room(game, me, by_type.get("scrap_train", []), now) or may_pass or best or \
        min(by_type["buy_train"], key=lambda a: (a.price, a.train))


def test_the_purchase_is_the_full_evaluations(monkeypatch):
    train = h18xx._train
    seen = {"calls": 0, "several kinds": 0, "bought": 0}

    def checked(game, me, by_type, may_pass):
        seen["calls"] += 1
        seen["several kinds"] += len(h18xx._kinds(h18xx._bank_buys(game, me, by_type.get("buy_train", [])))) > 1
        chosen = train(game, me, by_type, may_pass)
        assert chosen == _full_evaluation(game, me, by_type, may_pass), (type(game).__name__, len(game.actions), me)
        seen["bought"] += chosen is not None and chosen.type == "buy_train"
        return chosen

    monkeypatch.setattr(h18xx, "_train", checked)
    for title, players, seed in [("1830", 4, 1), ("1894", 4, 1), ("1894", 3, 3)]:
        play_seats(title, ["heuristic"] * players, seed)
    # decisions of every kind are met: many, with several kinds on sale, purchases and passes
    assert seen["calls"] > 200 and seen["several kinds"] >= 5 and 50 < seen["bought"] < seen["calls"], seen


def test_an_extra_is_bought_as_the_exact_earnings_decide(monkeypatch):
    """1894's ferry markers: the extra bought is the first whose fork's exact earnings beat those of now."""
    paying_extra = h18xx._paying_extra
    seen = {"asked": 0, "bought": 0}

    def exact(game, me, buys):
        if not buys or not game.trains(me):
            return None
        now = h18xx._earnings(game, me)
        return next((buy for buy in buys if (fork := game.fork_after(buy)).cash(me) >= h18xx.TOKEN_RESERVE
                     and h18xx._earnings(fork, me) > now), None)

    def checked(game, me, buys):
        chosen = paying_extra(game, me, buys)
        assert chosen == exact(game, me, buys), (len(game.actions), me)
        seen["asked"] += bool(buys) and bool(game.trains(me))
        seen["bought"] += chosen is not None
        return chosen

    monkeypatch.setattr(h18xx, "_paying_extra", checked)
    for players, seed in [(4, 1), (3, 3), (4, 2)]:
        play_seats("1894", ["heuristic"] * players, seed)
    assert seen["asked"] > 20 and 0 < seen["bought"] < seen["asked"], seen
