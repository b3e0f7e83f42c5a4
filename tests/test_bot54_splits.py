"""The heuristic's tile lay scores a corporation's own lay that splits a green city of 1894 (rule
``1894:track.city-split``) without a fork: the position it builds (``h18xx._with_tile`` with the title's
``Game1894.split_board``: the tile laid, the hex's tokens lifted, its home reservations kept for the whole hex) is
the fork's, whether the corporation's own token waits for its new city, another's waits for the end of the turn
or a home is kept there; the treasury is the fork's; and the board asked about is left as it was. Positions are
built by legal play of heuristic games."""

from __future__ import annotations

import copy

import pytest

from gamekit.bots import h18xx, play_seats

from .bot_positions import assert_built_is_the_forks


def _split_lays(game):
    """The operating corporation's lays now that split a city of its hex holding tokens or reservations."""
    me = game.current_entity
    if game.is_over or me not in game.corporations():
        return me, []
    board = game.state.board
    return me, [a for a in game.legal_actions() if a.type == "lay_tile" and a.entity == me
                and h18xx._splits(game.track, board, a)
                and (h18xx._held(board.tokens.get(a.hex)) or h18xx._held(board.reservations.get(a.hex)))]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_split_built_without_a_fork_is_the_forks(seed):
    seen = {"as now": 0, "built": 0, "stranded": 0, "own token": 0, "other token": 0, "home kept": 0, "forked": 0}

    def check(game):
        me, lays = _split_lays(game)
        if not lays:
            return
        unread = h18xx._unread(game, me, None)
        stranded = h18xx._stranded(game, me, None) if unread is None else None
        board = game.state.board
        before = copy.deepcopy((board.tiles, board.tokens, board.reservations, board.hex_reservations))
        for lay in lays:
            if unread is not None:
                built = h18xx._built(unread, me, lay, game.cash(me), game.split_board)
            else:
                built = h18xx._built_stranded(stranded, me, lay, game.cash(me), game.split_board)
            assert (board.tiles, board.tokens, board.reservations, board.hex_reservations) == before
            if built is None:
                seen["forked"] += 1
                continue
            now = unread[0] if unread is not None else None
            if assert_built_is_the_forks(game, me, lay, built, now):  # a hex the routes never read: as now
                seen["as now"] += 1
                continue
            seen["built" if unread is not None else "stranded"] += 1
            held = [c for slots in board.tokens.get(lay.hex, []) for c in slots if c]
            seen["own token"] += me in held
            seen["other token"] += any(c != me for c in held)
            seen["home kept"] += any(c for slots in board.reservations.get(lay.hex, []) for c in slots)

    play_seats("1894", ["heuristic"] * 4, seed, watch=check)
    assert seen["built"] >= 5 and seen["own token"] >= 1 and seen["other token"] >= 1, seen
