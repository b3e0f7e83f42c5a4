"""The track walk's memo and its steps made once per tile against fresh walks, along random games of 1830, 1894
and 1837 (positions built by legal play).

:func:`gamekit.tracks.graph.reach` answers from the walks it kept while their footprint holds (the corporation's
token count, the tiles and tokens of the hexes they touched), and the no-reverse walk runs on steps memoised per
hex and tile (``_hex_steps``); :func:`legs_from` answers from the walks it kept while the hexes they looked at
hold the same tiles. At every position of these games each corporation's answer must equal a walk made on a copy
of the track data with nothing memoised, for every number of reversals the titles use (0 as trains run, 1 and
unlimited for 1837's token connection); :func:`walks_onto` must answer whether that walk walks one of the paths
asked about, and the legs from every node it reaches must be those found on an empty memo. Rules:
``1830:track.connect``, ``1830:token.connect``, ``1830:route.blocked``.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from gamekit.rng import GameRandom
from gamekit.simulate import new_bot_game, random_action
from gamekit.tracks import graph
from gamekit.tracks.routes import legs_from

GAMES = [("1830", 4, 5, 3000), ("1894", 4, 6, 3000), ("1837", 4, 7, 1000)]
"""Title, players, seed and how many actions of the game to play (the first thousand of 1837: walks on an empty
memo are slow)."""
CHECK_EVERY = 10
"""Check every tenth position (each check walks every corporation afresh on an empty memo)."""


def _token_holders(board) -> list[str]:
    """The corporations with a station token on the board, sorted."""
    return sorted({held for cities in board.tokens.values() for slots in cities for held in slots if held})


def _fresh(data, board, corporation: str, reversals: int | None) -> graph.Reach:
    """The walk made on a copy of ``data`` whose memo is empty (no kept walk, no tile's steps)."""
    empty = replace(data, cache={})
    if reversals == 0:
        return graph._trail(empty, board, corporation)
    return graph._walk(empty, board, corporation, reversals, None)


def _goals(walk: graph.Reach, board, data, rng: GameRandom) -> list[frozenset]:
    """Sets of paths to ask :func:`walks_onto` about: one path the walk walked, and the paths of a hex it touched
    but did not walk (when there is one)."""
    goals = []
    walked = sorted(walk.paths)
    if walked:
        goals.append(frozenset({walked[rng.below(len(walked))]}))
    for coord in sorted(walk.edges):
        paths = graph.placed_tile(data, board, coord).paths
        unwalked = frozenset((coord, i) for i in range(len(paths)) if (coord, i) not in walk.paths)
        if unwalked:
            goals.append(unwalked)
            break
    return goals


@pytest.mark.parametrize("title, players, seed, actions", GAMES)
def test_kept_walks_equal_fresh_walks(title, players, seed, actions):
    game = new_bot_game(title, players, seed)
    rng = GameRandom(seed * 7919 + 17)
    asked = GameRandom(seed)
    data = game.track
    checked = hits = 0
    for step in range(actions):
        if game.is_over:
            break
        game.process(random_action(game, rng))
        if step % CHECK_EVERY:
            continue
        board = game.state.board
        for corporation in _token_holders(board):
            for reversals in (0, 1, None):
                kept = [walked for *_, walked in graph.memo(data, "reach_walks").get((corporation, reversals), [])]
                answer = graph.reach(data, board, corporation, reversals)
                hits += any(answer is walked for walked in kept)
                fresh = _fresh(data, board, corporation, reversals)
                assert answer == fresh, (title, step, corporation, reversals)
                checked += 1
            fresh = _fresh(data, board, corporation, 0)
            for goal in _goals(fresh, board, data, asked):
                assert graph.walks_onto(data, board, corporation, goal) == bool(goal & fresh.paths)
            for node in sorted(fresh.nodes):
                assert legs_from(data, board, node) == legs_from(replace(data, cache={}), board, node), node
    # the games reached positions with networks, and the memo answered some of them from kept walks
    assert checked > 100 and hits > 10
