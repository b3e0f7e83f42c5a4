"""The heuristic's surrender of a train to make room (``gamekit.bots.h18xx._make_room``) searches no routes for a
purchase that leaves the position as it was but for train ids. Along 1837 heuristic games (positions built by
legal play) such a purchase must earn exactly what the trains earn now, and the surrender chosen must be the one
of searching every purchase."""

from __future__ import annotations

from gamekit.bots import h18xx, play_seats
from gamekit.routes import position


def _full_make_room(game, me, scraps, now):
    """The first surrender of the largest gain, every purchase after it searched without a floor."""
    best, best_gain = None, 0
    firsts = {}
    for scrap in scraps:
        firsts.setdefault(h18xx._kind(scrap.train), scrap)
    for scrap in firsts.values():
        fork = game.fork()
        fork.process(scrap)
        if fork.current_entity != me:
            continue
        buys = h18xx._bank_buys(fork, me, [a for a in fork.legal_actions() if a.type == "buy_train"])
        for buy in h18xx._kinds(buys):
            after = fork.fork()
            after.process(buy)
            gain = h18xx._earnings(after, me) - now
            if gain > best_gain:
                best, best_gain = scrap, gain
    return best


def test_a_surrender_and_a_purchase_alike_earn_as_now_and_the_choice_is_unchanged():
    seen = {"decisions": 0, "alike": 0, "unlike": 0}

    def check(game):
        me = game.current_entity
        if game.is_over or me not in game.corporations():
            return
        scraps = [a for a in game.legal_actions() if a.type == "scrap_train"]
        if not scraps:
            return
        now = h18xx._earnings(game, me)
        before = position(game, me)
        for scrap in scraps:
            fork = game.fork()
            fork.process(scrap)
            if fork.current_entity != me:
                continue
            for buy in [a for a in fork.legal_actions() if a.type == "buy_train"]:
                after = fork.fork()
                after.process(buy)
                if h18xx._alike(position(after, me), before):
                    assert h18xx._earnings(after, me) == now, (scrap, buy)
                    seen["alike"] += 1
                else:
                    seen["unlike"] += 1
        assert h18xx._make_room(game, me, scraps, now) == _full_make_room(game, me, scraps, now)
        seen["decisions"] += 1

    play_seats("1837", ["heuristic"] * 5, 1, cap=1400, watch=check)
    assert seen["decisions"] >= 10 and seen["alike"] >= 5 and seen["unlike"] >= 5, seen
