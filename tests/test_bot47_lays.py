"""The heuristic's tile lay (``gamekit.bots.h18xx._lay``) scores a corporation's own lay without a fork where its
route position and treasury are known (``h18xx._built``): where its routes earn what they earn now (a hex the
routes never read, or a lay opening no route: ``h18xx._routes_as_now``), the position now; on a hex holding no
station token nor reservation, the position with the lay's tile (``h18xx._with_tile``); the treasury less the
terrain. Along heuristic games of each title (positions built by legal play), wherever a train of the corporation
runs now, those are the fork's: the same treasury, and the same board, trains, phase and route hooks (or, where the
position now stands for it, the same earnings); a corporation owning no train and no private company has after its
own lay the treasury less the terrain. (The choice itself is compared with trying every lay in full
by tests/test_heur_lays.py and tests/test_bot46_memos.py.)"""

from __future__ import annotations

import pytest

from gamekit.bots import h18xx, play_seats

from .bot_positions import assert_built_is_the_forks

CASES = [("1830", 4, 3, 600), ("1894", 4, 2, 500), ("1837", 5, 1, 500)]  # title, players, seed, actions


@pytest.mark.parametrize("title,players,seed,cap", CASES)
def test_a_lay_built_without_a_fork_is_the_forks(title, players, seed, cap):
    seen = {"built": 0, "as_now": 0, "costly": 0, "forked": 0}

    def check(game):
        me = game.current_entity
        if game.is_over or me not in game.corporations():
            return
        lays = [a for a in game.legal_actions() if a.type == "lay_tile"]
        known = h18xx._unread(game, me, None) if lays else None
        if known is None:
            return
        now, hexes = known
        for lay in lays:
            built = h18xx._built(known, me, lay, game.cash(me), game.split_board)
            if built is None:
                seen["forked"] += 1
                continue
            seen["costly"] += built[1] < game.cash(me)
            seen["as_now" if assert_built_is_the_forks(game, me, lay, built, now) else "built"] += 1

    play_seats(title, ["heuristic"] * players, seed, cap=cap, watch=check)
    # positions were built, some with terrain paid (the lays left to their forks, on hexes of several cities or
    # changing their count, are counted: none in some of these games)
    assert seen["built"] >= 40 and seen["costly"] >= 1, seen


@pytest.mark.parametrize("title,players,seed,cap", CASES)
def test_a_bare_corporations_lay_leaves_the_treasury_its_fork_has(title, players, seed, cap):
    seen = {"bare": 0, "costly": 0}

    def check(game):
        me = game.current_entity
        if game.is_over or me not in game.corporations():
            return
        bare = h18xx._bare(game, me)
        if bare is None:
            return
        for lay in (a for a in game.legal_actions() if a.type == "lay_tile"):
            built = h18xx._built_bare(bare, me, lay, game.cash(me))
            if built is None:
                continue
            seen["bare"] += 1
            assert game.fork_after(lay).cash(me) == built[1], lay
            seen["costly"] += built[1] < game.cash(me)

    play_seats(title, ["heuristic"] * players, seed, cap=cap, watch=check)
    assert seen["bare"] >= 20 and seen["costly"] >= 1, seen
