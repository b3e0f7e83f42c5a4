"""The heuristic's tile lay (``gamekit.bots.h18xx._lay``) bounds the lays that keep the routes now and are alone on
their hexes with a search of all their tiles laid at once (``h18xx._keeping_bounds``): each earns at most what
that board's best set earns, and exactly that where the set takes new paths on its hex alone, or on none. Along
heuristic games (positions built by legal play) every such bound is checked against a new search (no memo) of the
lay's position, the bounds told of the earnings now against a new search of the position now, and the lay chosen
where the bounds answered is the one of trying every lay in full."""

from __future__ import annotations

import pytest

from gamekit.bots import h18xx, play_seats
from gamekit.bots.heuristic import sample_in_order
from gamekit.rng import GameRandom

from .bot_positions import corporation_lays
from .test_bot49_lays import _fresh
from .test_heur_lays import decisions_chosen_as_in_full

# title, players, seed, actions; the least lays bounded, and of them known exactly
CASES = [("1894", 4, 1, 900, 8, 4), ("1894", 4, 2, 700, 8, 4), ("1830", 4, 1, 900, 8, 4)]


def _decision(game, me, lays, rng):
    """The lays the bot tries (``tried``), the position now (``unread``) and each lay's part, as ``_lay`` finds
    them; ``None`` where the bot knows nothing of the position now."""
    tried = sample_in_order(rng, lays, h18xx.LAY_CANDIDATES)
    unread = h18xx._unread(game, me, h18xx._probe_train(game, me))
    if unread is None or len(tried) < 2:
        return None
    builds = [h18xx._built(unread, me, lay, game.cash(me), game.split_board) for lay in tried]
    return tried, unread, builds, [h18xx._part(unread, lay, built) for lay, built in zip(tried, builds)]


@pytest.mark.parametrize("title,players,seed,cap,bounded,exact", CASES)
def test_the_union_of_the_lays_keeping_the_routes_bounds_each_of_them(title, players, seed, cap, bounded, exact):
    seen = {"bounded": 0, "exact": 0}

    def check(game):
        me, lays = corporation_lays(game, own_only=True)
        decision = _decision(game, me, lays, GameRandom(len(game.actions))) if lays else None
        if decision is None:
            return
        tried, unread, builds, parts = decision
        known: dict[str, int] = {}
        bounds = h18xx._keeping_bounds(unread, tried, parts, known, game.split_board)
        if not bounds:
            return
        for at, (most, is_exact) in bounds.items():
            earned = _fresh(builds[at][0])
            assert earned <= most, tried[at]
            assert earned == most or not is_exact, tried[at]
            seen["bounded"] += 1
            seen["exact"] += is_exact
        now = _fresh(unread[0])
        assert known.get("least", now) <= now < known.get("short", now + 1), known

    play_seats(title, ["heuristic"] * players, seed, cap=cap, watch=check)
    assert seen["bounded"] >= bounded and seen["exact"] >= exact, seen


@pytest.mark.parametrize("title,players,seed,cap", [("1894", 4, 2, 700), ("1830", 4, 1, 900)])
def test_a_lay_decision_bounded_by_the_union_chooses_as_in_full(title, players, seed, cap):
    assert decisions_chosen_as_in_full(title, players, seed, cap, "_keeping_bounds",
                                       lambda bounds, args: bool(bounds)) >= 2
