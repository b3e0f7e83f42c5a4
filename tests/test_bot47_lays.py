"""The heuristic's tile lay (``gamekit.bots.h18xx._lay``) rejects unforked a corporation's lay on a hex holding no
station token nor reservation, from the route position built with the lay's tile (``h18xx._with_tile``). Along
heuristic games of each title (positions built by legal play), wherever a train of the corporation runs now, that
position is the fork's: the same board, trains, phase and route hooks. (The choice itself is compared with trying
every lay in full by tests/test_heur_lays.py and tests/test_bot46_memos.py.)"""

from __future__ import annotations

import dataclasses

import pytest

from gamekit.bots import h18xx, play_seats
from gamekit.routes import position

CASES = [("1830", 4, 3, 600), ("1894", 4, 2, 500), ("1837", 5, 1, 500)]  # title, players, seed, actions


@pytest.mark.parametrize("title,players,seed,cap", CASES)
def test_a_lay_on_a_hex_without_tokens_gives_the_forks_position(title, players, seed, cap):
    seen = {"built": 0, "refused": 0}

    def check(game):
        me = game.current_entity
        if game.is_over or me not in game.corporations():
            return
        lays = [a for a in game.legal_actions() if a.type == "lay_tile"]
        known = h18xx._unread(game, me, None) if lays else None
        if known is None:
            return
        now = known[0]
        for lay in lays:
            built = h18xx._with_tile(now, lay)
            if built is None:
                seen["refused"] += 1
                continue
            if lay.entity != me:
                continue
            seen["built"] += 1
            after = position(game.fork_after(lay), me)
            assert after.board == built.board, lay
            assert dataclasses.replace(after, board=built.board) == built, lay  # trains, phase, hooks alike

    play_seats(title, ["heuristic"] * players, seed, cap=cap, watch=check)
    # positions were built (most lays are on hexes without tokens) and some lays were left to their forks
    assert seen["built"] >= 50 and seen["refused"] >= 1, seen
