"""The heuristic's 1837 surrender decision (``h18xx._make_room``) leaves unforked the surrenders and purchases it
knows cannot pay (``h18xx._hopeless``): along a heuristic 1837 game (positions built by legal play), every pair
judged so earns no more than the trains do now when it is forked after all, and the surrender chosen at every
decision is the one of the evaluation that forks every pair."""

from __future__ import annotations

from gamekit.bots import h18xx, play_seats


def _fork_gain(game, me, scrap, kind, now):
    """The most a purchase of ``kind`` after ``scrap`` makes ``me``'s routes earn beyond ``now`` (forked), or
    ``None`` when the fork offers no such purchase."""
    fork = game.fork_after(scrap)
    if fork.current_entity != me:
        return None
    buys = [a for a in h18xx._bank_buys(fork, me, [a for a in fork.legal_actions() if a.type == "buy_train"])
            if h18xx._kind(a.train) == kind]
    gains = [h18xx._earnings(fork.fork_after(buy), me) - now for buy in buys]
    return max(gains, default=None)


def test_hopeless_pairs_never_pay_and_the_choice_is_the_full_evaluations(monkeypatch):
    make_room, hopeless_of = h18xx._make_room, h18xx._hopeless
    seen = {"calls": 0, "hopeless": 0, "unsold": 0}

    def checked_make_room(game, me, scraps, now):
        seen["calls"] += 1
        firsts = {}
        for scrap in scraps:
            firsts.setdefault(h18xx._kind(scrap.train), scrap)
        if firsts:
            offered = h18xx._offered(game)
            hopeless = hopeless_of(game, me, firsts, offered, now)
            sold = set(game.train_types_sold())
            for kind, sale in hopeless:
                seen["hopeless"] += 1
                seen["unsold"] += offered[sale].rsplit("-", 1)[0] not in sold
                gain = _fork_gain(game, me, firsts[kind], sale, now)
                assert gain is None or gain <= 0, (me, kind, sale, gain)
        chosen = make_room(game, me, scraps, now)
        monkeypatch.setattr(h18xx, "_hopeless", lambda *_: set())
        try:
            full = make_room(game, me, scraps, now)
        finally:
            monkeypatch.setattr(h18xx, "_hopeless", hopeless_of)
        assert chosen == full
        return chosen

    monkeypatch.setattr(h18xx, "_make_room", checked_make_room)
    play_seats("1837", ["heuristic"] * 5, 1)
    # the game asks often, and both kinds of shortcut are taken (a type sold, a type the treasury cannot pay for)
    assert seen["calls"] > 50 and seen["hopeless"] > 50 and seen["unsold"] > 20, seen
