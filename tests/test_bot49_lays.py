"""The heuristic's tile lay (``gamekit.bots.h18xx._lay``) scores a corporation's own lay with the route position
now, unforked, where the lay opens no route (``h18xx._opens_no_route``: plain track whose added paths face track
across one edge at most; ``h18xx._built``). Along heuristic games of each title (positions built by legal play), at
every lay on a hex the routes read, the lays so judged earn, by a new search (no memo) of their fork's route
position with the probe train the bot adds, what a new search of the position now earns; and many of the other
lays earn something else, so the comparison can fail."""

from __future__ import annotations

import pytest

from gamekit.bots import h18xx, play_seats
from gamekit.routes import position
from gamekit.tracks.router import find_best_routes
from .bot_positions import corporation_lays

# title, players, seed, actions; the least lays opening no route seen, and of them upgrades (1837's first actions
# upgrade no plain track)
CASES = [("1830", 4, 1, 700, 300, 100), ("1894", 4, 1, 600, 800, 400), ("1837", 5, 1, 450, 30, 0)]


def _fresh(pos) -> int:
    """What a new search of ``pos`` earns, revenue plus subsidy, with every memo of the track data emptied."""
    pos.data.cache.clear()
    found = find_best_routes(pos)
    return found.total + found.run.subsidy


def _scored(game, me: str, probe: str | None):
    """``me``'s route position in ``game`` with a copy of ``probe`` (if given), as the bot scores lays."""
    return h18xx._probe_position(game, me, probe) if probe else position(game, me)


@pytest.mark.parametrize("title,players,seed,cap,dead,upgrades", CASES)
def test_a_lay_opening_no_route_earns_what_the_position_now_earns(title, players, seed, cap, dead, upgrades):
    seen = {"dead": 0, "upgrade": 0, "opens": 0, "differs": 0}

    def check(game):
        me, lays = corporation_lays(game)
        if not lays:
            return
        probe = h18xx._probe_train(game, me)
        known = h18xx._unread(game, me, probe)
        if known is None or known[1] is None:
            return
        now = known[0]
        earned_now = _fresh(now)
        for lay in lays:
            if lay.hex not in known[1]:
                continue  # never read: tests/test_bot46_memos.py
            after = _fresh(_scored(game.fork_after(lay), me, probe))
            if h18xx._opens_no_route(now.data, now.board, lay):
                assert h18xx._routes_as_now(known, lay), lay
                assert after == earned_now, lay
                seen["dead"] += 1
                seen["upgrade"] += bool(h18xx.placed_tile(now.data, now.board, lay.hex).paths)
            else:
                seen["opens"] += 1
                seen["differs"] += after != earned_now

    play_seats(title, ["heuristic"] * players, seed, cap=cap, watch=check)
    # many lays open no route, some of them upgrading track already laid; many other lays change the earnings
    assert seen["dead"] >= dead and seen["upgrade"] >= upgrades and seen["differs"] >= 30, seen


@pytest.mark.parametrize("title,players,seed,cap", [("1830", 4, 2, 500), ("1894", 4, 2, 400)])
def test_the_earnings_now_told_by_earlier_floors_are_a_new_searchs(title, players, seed, cap):
    # a lay decision asks about the position now with floors rising and falling (beat the best so far, or tie
    # it with more cash left): each answer, in several orders of floors about what it earns, is a new search's
    seen = {"positions": 0, "told": 0}

    def check(game):
        me = game.current_entity
        if game.is_over or me not in game.corporations() or not any(a.type == "lay_tile" for a in game.legal_actions()):
            return
        known_now = h18xx._unread(game, me, h18xx._probe_train(game, me))
        if known_now is None:
            return
        now = known_now[0]
        earned = _fresh(now)
        seen["positions"] += 1
        near = [earned + d for d in (0, 1, -1, 10, -10, 30)]
        for floors in (near, near[::-1], [earned + 1, earned + 10, earned, 0], [0, earned + 1, earned - 1]):
            known: dict = {}
            for floor in floors:
                before = dict(known)
                assert h18xx._earning_now(known, now, floor) == (earned if earned >= floor else None), (floors, floor)
                seen["told"] += before == known and bool(before)  # answered from what was known

    play_seats(title, ["heuristic"] * players, seed, cap=cap, watch=check)
    assert seen["positions"] >= 20 and seen["told"] >= 100, seen
