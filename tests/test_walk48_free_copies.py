"""The lowest free tile copies followed from the last answer (issue 32): :func:`gamekit.tracks.board.lowest_free_copies`
finds a new board's answer from the one it found last, counting again only the tiles whose copies left or came
onto the map since, and answers the map of that last answer again without hashing it (``last free copies`` in the
track facts' cache).

Along seeded random games of 1837, 1830 and 1894 (positions built by legal play), in a game's forks played on
and then left for their parent, and between boards far apart (another game's, an empty map), every answer equals
the supply counted afresh from the board (:func:`supply`, with the facts' memos empty).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from gamekit.rng import GameRandom
from gamekit.simulate import random_action
from gamekit.titles import game_class
from gamekit.tracks import board as boards
from gamekit.tracks.board import Board, lowest_free_copies, supply


def fresh(data, board: Board) -> dict[str, str]:
    """The lowest free copies counted afresh: the first id of every tile's supply, with every memo empty."""
    return {name: ids[0] for name, ids in supply(replace(data, cache={}), board).items() if ids}


def followed(data, board: Board) -> dict[str, str]:
    """:func:`lowest_free_copies` with its memo of answers by board emptied first: found from the last answer."""
    data.cache.pop("lowest free copies", None)
    return lowest_free_copies(data, board)


def play_until_laid(game, rng: GameRandom, lays: int) -> None:
    """Play random actions until ``lays`` more tiles were laid (or the game ends)."""
    while lays and not game.is_over:
        action = random_action(game, rng)
        game.process(action)
        lays -= action.type == "lay_tile"


@pytest.mark.parametrize("title, players, seed", [("1837", 4, 2), ("1830", 4, 3), ("1894", 4, 1)])
def test_followed_copies_equal_a_fresh_count_along_a_random_game(title, players, seed):
    game = game_class(title)([f"P{i + 1}" for i in range(players)], seed=seed)
    rng = GameRandom(seed)
    asked = 0
    last = expected = None
    while not game.is_over and asked < 150:
        laid = boards._laid_ids(game.state.board)
        if laid != last:  # a lay (or an upgrade) changed the map: the answer is found from the last one
            last, expected = laid, fresh(game.track, game.state.board)
            assert followed(game.track, game.state.board) == expected, (title, seed, len(game.actions))
            asked += 1
        # the same map asked again (the last answer's, compared whole) or another one (a fork's, by its memo)
        assert lowest_free_copies(game.track, game.state.board) == expected, (title, seed, len(game.actions))
        assert lowest_free_copies(game.track, game.fork().state.board) == expected
        game.process(random_action(game, rng))
    assert asked >= 40
    taken = game.track.cache["last free copies"][1]
    assert sum(map(len, taken.values())) == len(game.state.board.tiles)  # every copy on the map counted once


def test_forks_played_on_and_left_for_their_parent_give_their_own_boards_answers():
    game = game_class("1837")(["P1", "P2", "P3", "P4"], seed=5)
    rng = GameRandom(5)
    play_until_laid(game, rng, 25)
    data = game.track
    for round_ in range(4):
        fork = game.fork()
        play_until_laid(fork, GameRandom(100 + round_), 3 + round_)
        for board in (fork.state.board, game.state.board, fork.state.board):  # more tiles, fewer, more again
            assert followed(data, board) == fresh(data, board), round_
        play_until_laid(game, rng, 2)
        assert followed(data, game.state.board) == fresh(data, game.state.board), round_


def test_boards_far_apart_are_counted_afresh_and_still_right():
    game = game_class("1830")(["P1", "P2", "P3", "P4"], seed=4)
    rng = GameRandom(4)
    play_until_laid(game, rng, boards.CHANGES_FOLLOWED + 10)
    data = game.track
    late = game.state.board
    empty = boards.new_board(data)
    for board in (late, empty, late):  # more changes than are followed each way
        assert followed(data, board) == fresh(data, board)
    assert len(late.tiles) > boards.CHANGES_FOLLOWED
