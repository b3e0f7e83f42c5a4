"""The heuristic's tile lay builds without a fork the position a corporation's own lay leaves on a hex holding
station tokens or reservations where the lay keeps the hex's count of cities and lifts no token
(``h18xx._city_map``: one city on the old tile and one on the new, whose one old city's tokens go to the one new
city; or the map of the lay's check for more). Along heuristic games of each title (positions built by legal
play), each such position is the fork's (board, trains, phase, route hooks) and the treasury is the fork's; lays
splitting or joining cities are left to their forks."""

from __future__ import annotations

import dataclasses

import pytest

from .bot_positions import corporation_lays
from gamekit.bots import h18xx, play_seats
from gamekit.routes import position
from gamekit.tracks.board import placed_tile

CASES = [("1830", 4, 3, 600), ("1894", 4, 2, 500), ("1837", 5, 1, 500)]  # title, players, seed, actions


def _held(game, coord):
    """Whether the board holds a station token or a reservation in a city of ``coord``."""
    board = game.state.board
    return h18xx._held(board.tokens.get(coord)) or h18xx._held(board.reservations.get(coord))


@pytest.mark.parametrize("title,players,seed,cap", CASES)
def test_a_lay_on_a_held_city_built_without_a_fork_is_the_forks(title, players, seed, cap):
    seen = {"moved": 0, "several": 0, "forked": 0}

    def check(game):
        me, lays = corporation_lays(game, own_only=True)
        known = h18xx._unread(game, me, None) if lays else None
        if known is None:
            return
        for lay in lays:
            if not _held(game, lay.hex) or h18xx._routes_as_now(known, lay):
                continue
            built = h18xx._built(known, me, lay, game.cash(me), game.split_board)
            if built is None:
                seen["forked"] += 1
                continue
            seen["moved"] += 1
            cities = len(placed_tile(game.track, game.state.board, lay.hex).parts.cities)
            if not h18xx._splits(game.track, game.state.board, lay):  # (splits: tests/test_bot54_splits.py)
                seen["several"] += cities > 1
                city_map = h18xx._city_map(game.track, game.state.board, lay)
                assert city_map == (0,) if cities == 1 else sorted(city_map) == list(range(cities)), (lay, city_map)
            fork = game.fork_after(lay)
            after = position(fork, me)
            assert fork.cash(me) == built[1], lay
            assert after.board == built[0].board, lay
            assert dataclasses.replace(after, board=built[0].board) == built[0], lay  # trains, phase, hooks

    play_seats(title, ["heuristic"] * players, seed, cap=cap, watch=check)
    assert seen["moved"] >= 3 and (title != "1830" or seen["several"] >= 1), seen


def test_the_city_map_known_without_the_check():
    """Where the hex holds nothing, nothing is moved; where a hex of several cities holds a token, a tile of one
    city (a count that changes lifts the tokens) is left to the fork (``None``)."""
    game = play_seats("1830", ["heuristic"] * 4, 3, cap=400)
    board = game.state.board
    data = game.track
    empty = next(c for c in data.hexes if not h18xx._held(board.tokens.get(c))
                 and not h18xx._held(board.reservations.get(c)))
    lay = type("Lay", (), {"hex": empty, "tile": "57-0", "rotation": 0})()
    assert h18xx._city_map(data, board, lay) == ()
    several = [c for c in data.hexes if len(placed_tile(data, board, c).parts.cities) > 1
               and h18xx._held(board.tokens.get(c))]
    for coord in several:
        lay = type("Lay", (), {"hex": coord, "tile": "57-0", "rotation": 0})()
        assert h18xx._city_map(data, board, lay) is None
