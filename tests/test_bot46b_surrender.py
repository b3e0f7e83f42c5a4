"""The heuristic's 1837 surrender decision (``h18xx._make_room``) skips the fork of a purchase that takes back a
train of the surrendered one's type already sold (``h18xx._buys_back``): along a heuristic 1837 game (positions
built by legal play), every skipped purchase's fork holds a route position alike to the one before the surrender
(it earns what the trains earn now), and the surrender chosen is the one of forking every purchase."""

from __future__ import annotations

from gamekit.bots import h18xx, play_seats
from gamekit.routes import position


def test_skipped_buy_backs_are_alike_and_the_choice_is_the_full_evaluations(monkeypatch):
    make_room, buys_back = h18xx._make_room, h18xx._buys_back
    calls, skipped = [], []

    def checked_buys_back(fork, scrap, buy):
        answer = buys_back(fork, scrap, buy)
        if answer:
            me, before = scrap.entity, calls[-1]
            skipped.append(buy)
            assert h18xx._alike(position(fork.fork_after(buy), me), before), (scrap, buy)
        return answer

    def checked_make_room(game, me, scraps, now):
        calls.append(position(game, me))
        chosen = make_room(game, me, scraps, now)
        monkeypatch.setattr(h18xx, "_buys_back", lambda *_: False)
        try:
            full = make_room(game, me, scraps, now)
        finally:
            monkeypatch.setattr(h18xx, "_buys_back", checked_buys_back)
        assert chosen == full
        return chosen

    monkeypatch.setattr(h18xx, "_buys_back", checked_buys_back)
    monkeypatch.setattr(h18xx, "_make_room", checked_make_room)
    # the pairs known hopeless without a fork (tests/test_bot47_room.py) would hide most buy-backs from this check
    monkeypatch.setattr(h18xx, "_hopeless", lambda *_: set())
    play_seats("1837", ["heuristic"] * 5, 1)
    assert len(calls) > 50 and len(skipped) > 50  # the game asks often, and the shortcut is taken
