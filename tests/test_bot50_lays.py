"""The heuristic's tile lay (``gamekit.bots.h18xx._lay``) bounds the earnings of the route position now by the lays
that keep its routes (``h18xx._keeps_routes``: a corporation's own lay of plain track keeping the old tile's
paths), so a lay answered by the position now (a dead end, a hex the routes never read) is often rejected without
asking the router; and it tries the lays in another order than sampled, a lay beating the best so far by its
earnings, then the cash it leaves, then its place among those sampled (``h18xx._floor``). Along heuristic games
(positions built by legal play) every lay judged to keep the routes earns, by a new search (no memo) of its fork's
route position with the probe train, at least what a new search of the position now earns; and the floors choose,
in any order of trying, the first lay sampled of the highest score."""

from __future__ import annotations

import itertools

import pytest

from gamekit.bots import h18xx, play_seats
from gamekit.bots.heuristic import sample_in_order
from gamekit.rng import GameRandom

from .test_bot49_lays import _fresh, _scored
from .test_heur_lays import _full_choice
from .bot_positions import corporation_lays

# title, players, seed, actions; the least lays keeping the routes seen, and of them earning more than now
CASES = [("1830", 4, 1, 700, 50, 10), ("1894", 4, 1, 600, 200, 30), ("1837", 5, 1, 450, 3, 3)]


@pytest.mark.parametrize("title,players,seed,cap,kept,more", CASES)
def test_a_lay_keeping_the_routes_earns_at_least_what_the_position_now_earns(title, players, seed, cap, kept, more):
    seen = {"kept": 0, "more": 0}

    def check(game):
        me, lays = corporation_lays(game, own_only=True)
        if not lays:
            return
        probe = h18xx._probe_train(game, me)
        known = h18xx._unread(game, me, probe)
        if known is None:
            return
        now = known[0]
        earned_now = None
        for lay in lays:
            built = h18xx._built(known, me, lay, game.cash(me), game.split_board)
            if built is None or built[0] is now or not h18xx._keeps_routes(known, lay):
                continue
            earned_now = _fresh(now) if earned_now is None else earned_now
            after = _fresh(_scored(game.fork_after(lay), me, probe))
            assert after >= earned_now, lay
            seen["kept"] += 1
            seen["more"] += after > earned_now

    play_seats(title, ["heuristic"] * players, seed, cap=cap, watch=check)
    # many lays keep the routes, and some of them earn more than now: the bound is not an equality
    assert seen["kept"] >= kept and seen["more"] >= more, seen


def test_the_floors_choose_the_first_lay_of_the_highest_score_in_any_order():
    rng = GameRandom(50)
    for _ in range(300):
        count = 2 + rng.below(5)
        scores = [(rng.below(4) * 10, 100 - rng.below(3) * 20) for _ in range(count)]
        wanted = max(range(count), key=lambda at: (scores[at], -at))
        for order in itertools.permutations(range(count)):
            best = None
            for at in order:
                earned, cash = scores[at]
                if best is None or earned >= h18xx._floor(best, cash, at):
                    best = (earned, cash, -at)
            assert -best[2] == wanted, (scores, order)


@pytest.mark.parametrize("title,players,seed,cap,least", [("1830", 4, 1, 700, 5), ("1894", 4, 1, 600, 5)])
def test_lays_all_answered_by_the_routes_now_are_chosen_by_cash_as_in_full(title, players, seed, cap, least):
    # where every lay sampled is the corporation's own and earns what the routes now earn, the bot compares the
    # cash they leave without a route search: the choice is still the one of trying every lay in full
    seen = {"all as now": 0}

    def check(game):
        me, lays = corporation_lays(game)
        if len(lays) < 2:
            return
        number = len(game.actions)
        tried = sample_in_order(GameRandom(number), lays, h18xx.LAY_CANDIDATES)
        unread = h18xx._unread(game, me, h18xx._probe_train(game, me))
        builds = [h18xx._built(unread, me, lay, game.cash(me), game.split_board) for lay in tried] \
            if unread is not None else []
        if unread is None or not all(built is not None and h18xx._part(unread, lay, built) == 2
                                     for lay, built in zip(tried, builds)):
            return
        assert h18xx._lay(game, me, lays, GameRandom(number)) == _full_choice(game, me, lays, GameRandom(number))
        seen["all as now"] += 1

    play_seats(title, ["heuristic"] * players, seed, cap=cap, watch=check)
    assert seen["all as now"] >= least, seen
