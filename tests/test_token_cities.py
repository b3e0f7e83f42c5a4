"""The token cities :func:`gamekit.tracks.graph.reach` starts its walks from, kept by board tokens
(:func:`gamekit.tracks.graph.token_cities`), against the cities found afresh (:func:`corporation_cities`), along
random games of 1830, 1894 and 1837 (positions built by legal play) and on boards that differ from the game's in
a few tokens, asked by turns with the game's board (as the heuristic bot asks about a fork's board).

Every answer must equal a scan of the board as it is then, for every corporation of the title (with tokens on the
map or not), whatever boards were asked before. Rules: ``1830:token.connect``, ``1830:track.connect`` (a walk
starts at every city holding the corporation's token).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from gamekit.tracks import graph
from gamekit.tracks.board import corporation_cities

from .bot_positions import random_positions

GAMES = [("1830", 4, 5, 2500), ("1894", 4, 6, 2500), ("1837", 4, 7, 2500)]
"""Title, players, seed and how many actions of the game to play."""
CHECK_EVERY = 5
"""Check every fifth position."""


def _corporations(game) -> list[str]:
    """Every corporation of the game's state, sorted."""
    return sorted(game.state.corporations)


def _moved_token(board, corporation: str):
    """A copy of ``board`` (the game's lists untouched) where the first free slot of the map, in hex order, holds
    ``corporation``'s token, and its first token elsewhere is gone; None when the map has no free slot."""
    tokens = {coord: [list(slots) for slots in cities] for coord, cities in board.tokens.items()}
    free = next(((coord, i, at) for coord in sorted(tokens) for i, slots in enumerate(tokens[coord])
                 for at, held in enumerate(slots) if held is None), None)
    if free is None:
        return None
    coord, i, at = free
    for slots in (s for other in sorted(tokens) if other != coord for s in tokens[other]):
        if corporation in slots:
            slots[slots.index(corporation)] = None
            break
    tokens[coord][i][at] = corporation
    return replace(board, tokens=tokens)


@pytest.mark.parametrize("title, players, seed, actions", GAMES)
def test_kept_token_cities_equal_a_scan(title, players, seed, actions):
    checked = changed = 0
    last = None
    for step, game in enumerate(random_positions(title, players, seed, actions)):
        if step % CHECK_EVERY:
            continue
        data, board = game.track, game.state.board
        tokens_now = {coord: [list(slots) for slots in cities] for coord, cities in board.tokens.items()}
        changed += tokens_now != last
        last = tokens_now
        for corporation in _corporations(game):
            assert graph.token_cities(data, board, corporation) == corporation_cities(board, corporation), \
                (title, step, corporation)
            moved = _moved_token(board, corporation)
            if moved is not None:
                assert graph.token_cities(data, moved, corporation) == corporation_cities(moved, corporation)
                assert graph.token_cities(data, board, corporation) == corporation_cities(board, corporation)
            checked += 1
        assert board.tokens == tokens_now  # asking changes no board
    # the games placed tokens between the positions checked, so kept answers were dropped and found again
    assert checked > 500 and changed > 5
