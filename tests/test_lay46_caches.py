"""The memos of the tile-lay listing (issue 32) give the answers computed afresh, along random games of 1830, 1837
and 1894 (positions built by legal play):

* a laid tile's :func:`~gamekit.tracks.lay.hex_lays`, shared by every hex where the same tile lies at the same
  rotation with the same colour, open edges and future label, and the tiles fitting a hex's labels and node
  counts, shared by every hex alike, give the lays found on that very hex with every memo empty;
* the lays of a hex whose exits meet the edges a corporation's walk touches there (kept per hex, tile, edges and
  rules) equal those filtered from a fresh listing of the hex;
* the hexes blocked by private companies (kept per owners, players and phase) equal those found from the facts;
* the lowest free copy of each tile (an empty map's, changed for the tiles on the map) is the first of the supply;
* each corporation's holding limit, kept with the title's facts, is its own or the title's.
"""

from __future__ import annotations

from collections import Counter

import pytest

from gamekit.g18xx import track
from gamekit.rng import GameRandom
from gamekit.simulate import random_action
from gamekit.titles import game_class
from gamekit.tracks import lay
from gamekit.tracks.board import lowest_free_copies, placed_tile, supply
from gamekit.tracks.graph import reach
from gamekit.tracks.mapdata import COLOURS


def cold_listings(data, board, shape) -> dict:
    """Every hex's lays found with every memo of ``data.cache`` empty (and the memos put back afterwards)."""
    warm = dict(data.cache)
    data.cache.clear()
    try:
        return {coord: tuple(lay._hex_lays(data, placed_tile(data, board, coord), shape)) for coord in data.hexes}
    finally:
        data.cache.clear()
        data.cache.update(warm)


def compare_listing_memos(game) -> tuple[int, int]:
    """Assert that every memoised answer of the lay listing equals the fresh one in ``game`` now; return how many
    hexes held a laid tile and how many of those shared their tile and rotation with another hex."""
    data, board, rules = game.track, game.state.board, game.upgrade_rules
    shape = lay._shape_rules(rules)
    assert track.blocked_hexes(game) == game.closed_hexes() | track._find_private_hexes(game)
    assert lowest_free_copies(data, board) == {name: ids[0] for name, ids in supply(data, board).items() if ids}
    for corp in game.state.corporations:
        own = game.facts.corporation(corp).max_holding_percent
        assert game.facts.max_holding_percent_of(corp) == (game.facts.max_holding_percent if own is None else own)
    fresh = cold_listings(data, board, shape)
    for coord in data.hexes:
        assert lay.hex_lays(data, placed_tile(data, board, coord), rules) == fresh[coord], coord
    for corp in game.state.corporations:
        walked_on = lay.network_board(board, corp, rules)
        for coord, touched in reach(data, walked_on, corp).edges.items():
            old = placed_tile(data, walked_on, coord)
            expected = tuple((coord, old, found) for found in fresh[coord] if found.exits & touched)
            kept = lay._touching_memo(data, shape)
            assert lay._touching_lays(data, walked_on, coord, touched, shape, COLOURS, kept) == expected, (corp, coord)
    laid = Counter(board.tiles[coord][1:] + (data.tile_name(board.tiles[coord][0]),) for coord in board.tiles)
    return len(board.tiles), sum(n for n in laid.values() if n > 1)


@pytest.mark.parametrize("title, seed, every", [("1830", 2, 60), ("1837", 1, 250), ("1894", 3, 50)])
def test_memoised_listing_answers_equal_fresh_ones(title, seed, every):
    game = game_class(title)(["Ann", "Ben", "Cy", "Di"], seed=seed)
    rng = GameRandom(seed)
    compared = laid = shared = 0
    step = 0
    while not game.is_over:
        if step % every == 0:
            on_map, alike = compare_listing_memos(game)
            compared += 1
            laid, shared = max(laid, on_map), max(shared, alike)
        game.process(random_action(game, rng))
        step += 1
    compare_listing_memos(game)
    assert compared >= 10
    assert laid >= 10  # the games lay tiles and upgrade them
    assert shared >= 2  # some hexes hold the same tile at the same rotation: a shared listing is compared
