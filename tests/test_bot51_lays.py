"""The heuristic's tile lay (``gamekit.bots.h18xx._lay``) bounds the earnings of the route position now from below
by the best set of a lay that keeps its routes (``h18xx._keeps_routes``), where that set's routes take on the
lay's hex only paths the old tile has too (``h18xx._earned_now``): moved to the old tile's paths, they run on the
board now, as the route module checks here. With the bound from above that the lay's earnings give, the earnings
now are often known without a search of them. Along heuristic games (positions built by legal play) every such
bound is at most what a new search (no memo) of the position now earns, and often equals it; and the choice of
the lay is still the one of trying every lay in full where the bound told the earnings now."""

from __future__ import annotations

import pytest

from gamekit.bots import h18xx, play_seats
from gamekit.rng import GameRandom
from gamekit.tracks.board import placed_tile
from gamekit.tracks.router import any_route, find_best_routes
from gamekit.tracks.routes import Leg, Route, run_routes

from .test_bot49_lays import _fresh, _scored
from .test_heur_lays import decisions_chosen_as_in_full
from .bot_positions import corporation_lays

# title, players, seed, actions; the least bounds found, and of them telling the earnings now exactly
CASES = [("1830", 4, 1, 700, 30, 30), ("1894", 4, 1, 600, 120, 120)]


def _moved(now, pos, lay, routes):
    """``routes`` of ``pos`` with each path on ``lay``'s hex replaced by the path of the tile there now joining the
    same sides (the route module names a path by its index on the tile)."""
    old = {frozenset(path): index for index, path in enumerate(placed_tile(now.data, now.board, lay.hex).paths)}
    new = placed_tile(pos.data, pos.board, lay.hex).paths
    return [Route(route.train, tuple(
        Leg(leg.start, leg.end, tuple((at, old[frozenset(new[i])] if at == lay.hex else i) for at, i in leg.paths))
        for leg in route.legs)) for route in routes]


@pytest.mark.parametrize("title,players,seed,cap,bounds,exact", CASES)
def test_the_best_set_of_a_lay_keeping_the_routes_bounds_the_earnings_now_from_below(title, players, seed, cap,
                                                                                    bounds, exact):
    seen = {"bounds": 0, "exact": 0, "new paths": 0}

    def check(game):
        me, lays = corporation_lays(game, own_only=True)
        if not lays:
            return
        unread = h18xx._unread(game, me, h18xx._probe_train(game, me))
        if unread is None:
            return
        now = unread[0]
        earned_now = None
        for lay in lays:
            built = h18xx._built(unread, me, lay, game.cash(me), game.split_board)
            if built is None or h18xx._part(unread, lay, built) != 0:
                continue
            pos = built[0]
            found = find_best_routes(pos)
            least = h18xx._earned_now(now, pos, lay, found)
            if least is None:
                seen["new paths"] += 1
                continue
            # the set moved to the old tile's paths is legal on the board now and earns as much there
            run = run_routes(now.data, now.board, me, _moved(now, pos, lay, found.routes), now.trains,
                             now.phase_colours, rules=now.rules)
            assert run.total + run.subsidy == least, lay
            earned_now = _fresh(now) if earned_now is None else earned_now
            assert least <= earned_now <= found.total + found.run.subsidy, lay
            seen["bounds"] += 1
            seen["exact"] += least == earned_now

    play_seats(title, ["heuristic"] * players, seed, cap=cap, watch=check)
    assert seen["bounds"] >= bounds and seen["exact"] >= exact and seen["new paths"] > 0, seen


@pytest.mark.parametrize("title,players,seed,cap,least", [("1830", 4, 1, 700, 8), ("1894", 4, 2, 500, 8)])
def test_a_lay_decision_told_the_earnings_now_by_the_bounds_chooses_as_in_full(title, players, seed, cap, least):
    assert decisions_chosen_as_in_full(title, players, seed, cap, "_bound_below",
                                       lambda result, args: args[1] is not None) >= least


@pytest.mark.parametrize("title,players,seed,cap,least", [("1830", 4, 1, 700, 30), ("1837", 5, 1, 450, 4)])
def test_a_stranded_corporations_lay_built_without_a_fork_is_the_forks(title, players, seed, cap, least):
    # a corporation owning trains none of which can run now (and no private company): where a train can run after
    # its own lay on a hex without station tokens, the fork's position (probe train included) is the one built;
    # where none can, the fork's routes earn nothing, as the position built's; the treasury is the fork's
    seen = {"runs": 0, "stranded": 0}

    def check(game):
        me, lays = corporation_lays(game)
        if not lays:
            return
        probe = h18xx._probe_train(game, me)
        stranded = h18xx._stranded(game, me, probe)
        if stranded is None:
            return
        for lay in lays:
            built = h18xx._built_stranded(stranded, me, lay, game.cash(me), game.split_board)
            if built is None:
                continue
            fork = game.fork_after(lay)
            after = _scored(fork, me, probe)
            assert fork.cash(me) == built[1], lay
            if not any_route(built[0]):
                seen["stranded"] += 1
                assert _fresh(after) == _fresh(built[0]) == 0, lay
            else:
                seen["runs"] += 1
                assert after == built[0], lay

    play_seats(title, ["heuristic"] * players, seed, cap=cap, watch=check)
    assert seen["runs"] + seen["stranded"] >= least and seen["stranded"] >= 1, seen
