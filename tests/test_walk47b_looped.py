"""What a walk decides of an upgrade on a hex its loop came back to (issue 32): :func:`_walk_decides` reads
``Reach.returns`` (the edges a walk that may not reverse crossed back in by) and the lay's new track found once
with it (``HexLay``); along seeded random 1837 games (positions built by legal play), every answer it gives there
equals laying the tile on a trial board and walking it (:func:`_usable`), and a walk's returns are edges it touches.
"""

from __future__ import annotations

import pytest

from gamekit.rng import GameRandom
from gamekit.simulate import random_action
from gamekit.titles import game_class
from gamekit.tracks.board import lowest_free_copies, placed_tile
from gamekit.tracks.graph import reach
from gamekit.tracks.lay import PERMISSIVE, _usable, _walk_decides, hex_lays


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_an_upgrade_on_a_looped_hex_decided_by_the_walk_equals_a_trial_board(seed):
    game = game_class("1837")([f"P{i + 1}" for i in range(4)], seed=seed)
    rng = GameRandom(seed)
    decided = {True: 0, False: 0}
    undecided = 0
    while not game.is_over:
        corp = game.current_entity
        if corp in game.state.corporations and getattr(game.state.round, "step", None) == "track":
            data, board = game.track, game.state.board
            walk = reach(data, board, corp)
            assert set(walk.returns) == walk.looped
            for coord, edges in walk.returns.items():
                assert edges <= walk.edges[coord], (seed, len(game.actions), coord)
            copies = lowest_free_copies(data, board)
            for coord in sorted(walk.looped):
                old = placed_tile(data, board, coord)
                for lay in hex_lays(data, old):
                    if not (lay.upgrade and lay.exits & walk.edges[coord] and lay.name in copies):
                        continue
                    for rule in ("semi_restrictive", "restrictive"):
                        answer = _walk_decides(data, board, corp, old, lay, walk, rule)
                        if answer is None:
                            undecided += 1
                            continue
                        assert answer == _usable(data, board, corp, old, lay, copies[lay.name], rule, PERMISSIVE), \
                            (seed, len(game.actions), coord, lay, rule)
                        decided[answer] += 1
        game.process(random_action(game, rng))
    assert decided[True] >= 20 and decided[False] >= 20 and undecided >= 1, (decided, undecided)
