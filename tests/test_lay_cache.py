"""The memoised legal tile lays (:func:`gamekit.tracks.lay.legal_lays` over :func:`~gamekit.tracks.lay.hex_lays`):
the same answer as checking every candidate lay with :func:`~gamekit.tracks.lay.check_lay` on positions reached
by seeded legal play (1830, 1894 and the synthetic title with its splitting city), and a memo keyed on values —
never in a game's state or save, never leaking from a fork into its parent, right again after an undo.
"""

from __future__ import annotations

import pickle

import pytest

from gamekit.errors import GameError
from gamekit.g18xx import track
from gamekit.rng import GameRandom
from gamekit.simulate import random_action
from gamekit.titles import game_class
from gamekit.tracks.board import supply, turn_paths
from gamekit.tracks.graph import reach
from gamekit.tracks.lay import check_lay, legal_lays

from . import synthetic_18xx


def lays_by_check(data, board, corp, **options) -> list[tuple[str, str, int, int]]:
    """The oracle: every hex the network touches × the lowest free copy of every tile × every rotation giving
    distinct track, each checked on its own by ``check_lay`` (no memo of lays involved)."""
    network = reach(data, board, corp).edges
    free = {name: ids[0] for name, ids in supply(data, board).items() if ids}
    out = []
    for coord in sorted(network):
        for name in sorted(free):
            shapes = set()
            for rotation in range(6):
                shape = frozenset(frozenset(p) for p in turn_paths(data.tiles[name], rotation))
                if shape in shapes:
                    continue
                shapes.add(shape)
                try:
                    result = check_lay(data, board, corp, coord, free[name], rotation, **options)
                except GameError:
                    continue
                out.append((coord, free[name], rotation, result.cost))
    return out


def lay_positions(title: str, seed: int, wanted: int, every: int = 1):
    """Yield up to ``wanted`` forks of a seeded random game where a tile lay is legal: one of every ``every``
    such positions, so that a game's later phases (upgrades) are reached."""
    game = game_class(title)(["Ann", "Ben", "Cy", "Di"], seed=seed)
    rng = GameRandom(seed)
    found = 0
    while not game.is_over and found < wanted * every:
        if any(a.type == "lay_tile" for a in game.legal_actions()):
            found += 1
            if found % every == 0:
                yield game.fork()
        game.process(random_action(game, rng))


def lay_options(game, corp: str) -> dict:
    """The options the engine's track step passes to the lay functions for ``corp`` now."""
    colours, _ = game.lay_colours(corp, None)
    return {"phase_colours": colours, "blocked_hexes": track.blocked_hexes(game),
            "restrictive": game.restrictive_upgrades(), "upgrades": game.upgrade_rules}


def lay_actions(game) -> list[tuple[str, str, int]]:
    """The listed tile lays of the game now, as ``(hex, tile, rotation)``."""
    return [(a.hex, a.tile, a.rotation) for a in game.legal_actions() if a.type == "lay_tile"]


@pytest.mark.parametrize("title, seed, every", [("1830", 6, 15), ("1830", 14, 15), ("1894", 5, 9),
                                               (synthetic_18xx.TITLE, 3, 5)])
def test_memoised_lays_equal_checking_every_lay(title, seed, every):
    compared = upgrades = 0
    for game in lay_positions(title, seed, 12, every):
        corp = game.current_entity
        if corp not in game.state.corporations:
            continue  # a private company's special lay: not an ordinary lay
        board, data = game.state.board, game.track
        options = lay_options(game, corp)
        for cash in (None, 0, 40, game.state.corporations[corp].cash):
            expected = lays_by_check(data, board, corp, cash=cash, **options)
            assert legal_lays(data, board, corp, cash=cash, **options) == expected
            compared += 1
            upgrades += sum(1 for coord, *_ in expected if coord in board.tiles)
    assert compared >= 20
    assert upgrades > 0  # the games reach upgrades, not only first lays


def test_restrictive_upgrades_equal_checking_every_lay():
    game = next(g for g in lay_positions("1830", 3, 40) if any(h in g.state.board.tiles for h, *_ in lay_actions(g)))
    corp = game.current_entity
    options = {**lay_options(game, corp), "restrictive": True}
    expected = lays_by_check(game.track, game.state.board, corp, cash=None, **options)
    assert legal_lays(game.track, game.state.board, corp, cash=None, **options) == expected
    permissive = legal_lays(game.track, game.state.board, corp, cash=None, **{**options, "restrictive": False})
    assert set(expected) <= set(permissive)


def test_a_cold_memo_gives_the_same_lays():
    game = list(lay_positions("1830", 11, 8))[-1]
    warm = lay_actions(game)
    assert warm
    game.track.cache.clear()
    assert lay_actions(game) == warm


def test_a_fork_that_lays_a_tile_leaves_its_parent_alone_and_undo_restores_its_lays():
    parent = list(lay_positions("1830", 3, 6))[-1]
    before = lay_actions(parent)
    saved = parent.to_json()
    fork = parent.fork()
    laid = next(a for a in fork.legal_actions() if a.type == "lay_tile")
    fork.process(laid)
    assert fork.state.board.tiles[laid.hex][0] == laid.tile
    assert laid.hex not in parent.state.board.tiles or parent.state.board.tiles[laid.hex][0] != laid.tile
    assert lay_actions(parent) == before
    assert parent.to_json() == saved
    fork.undo()
    assert lay_actions(fork) == before


def test_the_memo_is_not_part_of_a_state_or_a_save():
    game = list(lay_positions("1830", 3, 6))[-1]
    snapshot = pickle.dumps(game.state, pickle.HIGHEST_PROTOCOL)
    lay_actions(game)
    assert game.track.cache["hex_lays"]
    assert pickle.dumps(game.state, pickle.HIGHEST_PROTOCOL) == snapshot
    assert b"hex_lays" not in snapshot and "hex_lays" not in game.to_json()
